import { describe, expect, it } from 'vitest';
import { neutralized, withoutBidiControls } from '../../shared/platform/core/bidi.ts';

describe('bidirectional controls', () => {
  it('are taken out, so "…\u202Egnp.exe" reads as written', () => {
    expect(withoutBidiControls('Invoice\u202Egnp.exe')).toBe('Invoicegnp.exe');
    expect(withoutBidiControls('\u2066a\u2067b\u2068c\u2069 \u200E\u200F\u061C\u202A\u202B\u202C\u202D')).toBe('abc ');
  });

  it('leave right-to-left text itself and everything else alone', () => {
    expect(withoutBidiControls('שלום مرحبا Ελλάδα 東京 😀')).toBe('שלום مرحبا Ελλάδα 東京 😀');
  });

  it('are taken out of every string of a nested value, and nothing else changes', () => {
    expect(neutralized({ a: ['x\u202E', ['y\u2066']], b: 3, c: null, d: { e: 'z\u202D' } })).toEqual({ a: ['x', ['y']], b: 3, c: null, d: { e: 'z' } });
  });
});
