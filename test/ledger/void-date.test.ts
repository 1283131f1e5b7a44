import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../shared/platform/core/errors.ts';
import { shownVoidDate, voidDateOf, voidsInLaterPeriods } from '../../shared/ledger/void-date.ts';

describe('the void date', () => {
  it("is the original's own by default, the day asked for on or after it, and a 400 naming void_date before it", () => {
    expect(voidDateOf('2026-07-10', undefined)).toBe('2026-07-10');
    expect(voidDateOf('2026-07-10', {})).toBe('2026-07-10');
    expect(voidDateOf('2026-07-10', { void_date: '2026-07-10' })).toBe('2026-07-10');
    expect(voidDateOf('2026-07-10', { void_date: '2026-11-26' })).toBe('2026-11-26');
    expect(() => voidDateOf('2026-07-10', { void_date: '2026-07-09' })).toThrow(RuleViolation);
    try {
      voidDateOf('2026-07-10', { void_date: '2026-07-09' });
    } catch (error) {
      expect((error as RuleViolation).problems).toEqual([{ field: 'void_date', message: "must be on or after the original's date, 2026-07-10" }]);
    }
  });

  it('shows the void date kept, the day of the void for a record voided before it was kept, and null while not voided', () => {
    expect(shownVoidDate({ voided_at: null })).toBeNull();
    expect(shownVoidDate({ voided_at: '2026-11-26T10:00:00.000Z', void_date: '2026-07-10' })).toBe('2026-07-10');
    expect(shownVoidDate({ voided_at: '2026-11-26T10:00:00.000Z' })).toBe('2026-11-26');
  });

  it('lists the voids whose reversal sits in a later month than its original, and no other entry', () => {
    const entries = [
      { id: 'a', date: '2026-07-10', reverses: null, document_type: 'invoice', document_no: 'INV-00001' },
      { id: 'b', date: '2026-11-26', reverses: 'a', document_type: 'invoice', document_no: 'INV-00001' },
      { id: 'c', date: '2026-07-20', reverses: null, document_type: 'receipt', document_no: 'RCT-00001' },
      { id: 'd', date: '2026-07-31', reverses: 'c', document_type: 'receipt', document_no: 'RCT-00001' },
      { id: 'e', date: '2026-08-01', reverses: 'missing', document_type: 'journal', document_no: 'MJ-00001' },
    ];
    expect(voidsInLaterPeriods(entries)).toEqual([{ document_type: 'invoice', document_no: 'INV-00001', original_date: '2026-07-10', reversal_date: '2026-11-26' }]);
  });
});
