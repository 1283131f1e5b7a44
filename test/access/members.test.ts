import { describe, expect, it, vi } from 'vitest';
import { invitationExpiry, invitationHtml, invitationOpen, invitationText, lowers, ownerChange, ROLES, type InvitationFacts } from '../../shared/access/members/member-rules.ts';
import { accessLog } from '../../shared/platform/http/access-log.ts';
import { logger } from '../../shared/platform/http/logger.ts';

describe('roles', () => {
  it('lowering is moving down owner > accountant > viewer; the same role or a higher one lowers nothing', () => {
    expect(lowers('owner', 'accountant')).toBe(true);
    expect(lowers('owner', 'viewer')).toBe(true);
    expect(lowers('accountant', 'viewer')).toBe(true);
    for (const role of ROLES) expect(lowers(role, role), role).toBe(false);
    expect(lowers('viewer', 'owner')).toBe(false);
    expect(lowers('accountant', 'owner')).toBe(false);
  });

  it('counts only joined owners: demoting or removing one is -1, making one +1, an invited owner nothing', () => {
    const joined = (role: 'owner' | 'accountant' | 'viewer') => ({ role, status: 'active' as const });
    expect(ownerChange(joined('owner'), joined('viewer'))).toBe(-1);
    expect(ownerChange(joined('owner'), null)).toBe(-1);
    expect(ownerChange(joined('accountant'), joined('owner'))).toBe(1);
    expect(ownerChange({ role: 'owner', status: 'invited' }, joined('owner'))).toBe(1);
    expect(ownerChange({ role: 'owner', status: 'invited' }, null)).toBe(0);
    expect(ownerChange(null, { role: 'owner', status: 'invited' })).toBe(0);
    expect(ownerChange(joined('viewer'), joined('accountant'))).toBe(0);
  });
});

describe('invitations', () => {
  it('work for 7 days from the moment they are made, and not a millisecond more', () => {
    const made = Date.parse('2026-11-24T10:00:00Z');
    const expires = invitationExpiry(made);
    expect(new Date(expires).toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(invitationOpen(expires, expires - 1)).toBe(true);
    expect(invitationOpen(expires, expires)).toBe(false);
  });

  it('say who invites, where, as what, the link and until when; the HTML escapes what a business named itself', () => {
    const facts: InvitationFacts = { businessName: 'Bright <Shop> & Co', inviterName: 'Ada', role: 'accountant', link: 'https://books.example/invitations/abc', expiresOn: '2026-12-01' };
    const text = invitationText(facts);
    expect(text).toContain('Ada invites you to keep the books of Bright <Shop> & Co with them, as an accountant');
    expect(text).toContain('Accept the invitation: https://books.example/invitations/abc');
    expect(text).toContain('until 2026-12-01');
    expect(invitationText({ ...facts, inviterName: null })).toContain('You are invited to keep the books');
    const html = invitationHtml(facts);
    expect(html).toContain('Bright &lt;Shop&gt; &amp; Co');
    expect(html).not.toContain('<Shop>');
    expect(html).toContain('<a href="https://books.example/invitations/abc">');
  });
});

describe('the access log', () => {
  it("logs a path that carries a link's token as its route's template, and any other path as it came", async () => {
    const logged: unknown[] = [];
    const spy = vi.spyOn(logger, 'info').mockImplementation((...args: unknown[]) => void logged.push(args[1]));
    const format = process.env.LOG_FORMAT;
    delete process.env.LOG_FORMAT;
    try {
      const request = (rawPath: string) => ({ event: { rawPath, requestContext: { http: { method: 'GET' } } }, response: { statusCode: 200 }, context: { awsRequestId: 'r' } }) as never;
      await accessLog('invitations.page', '/invitations/{token}').after!(request('/invitations/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde'));
      await accessLog('customers.get', '/api/v1/customers/{id}').after!(request('/api/v1/customers/0b7c'));
    } finally {
      spy.mockRestore();
      if (format !== undefined) process.env.LOG_FORMAT = format;
    }
    expect(logged).toMatchObject([{ path: '/invitations/{token}', route: 'invitations.page' }, { path: '/api/v1/customers/0b7c' }]);
    expect(JSON.stringify(logged)).not.toContain('AbCdEf');
  });
});

describe('an invitation sent by an app', () => {
  it('names nobody it would keep the books "with"', () => {
    expect(invitationText({ businessName: 'Acme', inviterName: null, role: 'viewer', link: 'https://x/i', expiresOn: '2026-12-01' })).toContain('You are invited to keep the books of Acme, as a viewer');
  });
});
