import { describe, expect, it } from 'vitest';
import { linkBase } from '../../shared/platform/links/link-base.ts';

describe('the base of links', () => {
  it('is an https URL, its path kept without a trailing slash', () => {
    expect(linkBase('https://books.example.com', 'aws')).toBe('https://books.example.com');
    expect(linkBase('https://books.example.com/prod/', 'aws')).toBe('https://books.example.com/prod');
  });

  it('may be plain http to a loopback host in the local runtime only', () => {
    expect(linkBase('http://localhost:3000', 'local')).toBe('http://localhost:3000');
    expect(linkBase('http://127.0.0.1:3000', 'local')).toBe('http://127.0.0.1:3000');
    expect(linkBase('http://[::1]:3000', 'local')).toBe('http://[::1]:3000');
    expect(linkBase('http://localhost:3000', 'aws')).toBeNull();
    expect(linkBase('http://books.example.com', 'local')).toBeNull();
    expect(linkBase('http://127.evil.example', 'local')).toBeNull();
  });

  it('refuses what the security review sent in headers: other schemes, credentials, fragments, queries', () => {
    for (const url of ['javascript:alert(document.domain)//', 'https://pay-northwind.example/#x', 'https://localhost:4711@evil.example', 'https://a.example/?next=x', 'data:text/html,x', 'not a url']) expect(linkBase(url, 'local'), url).toBeNull();
  });
});
