import { describe, expect, it } from 'vitest';
import { facetKey } from '../../shared/platform/db/keys.ts';
import { byPartyAndDate, byTypeAndDate, type DocumentRecord } from '../../shared/ledger/documents/records.ts';

describe('sort keys declared once from their facets', () => {
  const document = { type: 'invoice', party_id: 'p-1', date: '2026-11-05', sequence: 42 } as unknown as DocumentRecord;

  it('write the stored key exactly as the records were always written (no migration)', () => {
    expect(byTypeAndDate(document)).toBe('invoice#2026-11-05#000000000042');
    expect(byPartyAndDate(document)).toBe('invoice#p-1#2026-11-05#000000000042');
  });

  it('build every query prefix from the same declaration, up to the first facet not given', () => {
    expect(byTypeAndDate.prefix({ type: 'invoice' })).toBe('invoice#');
    expect(byPartyAndDate.prefix({ type: 'invoice', party_id: 'p-1' as DocumentRecord['party_id'] })).toBe('invoice#p-1#');
    expect(byPartyAndDate.prefix({ type: 'invoice', date: '2026-11-05' })).toBe('invoice#');
    expect(byTypeAndDate(document).startsWith(byTypeAndDate.prefix({ type: 'invoice', date: '2026-11-05' }))).toBe(true);
  });

  it('puts a fixed label first when it has one', () => {
    const byDate = facetKey<{ date: string; id: string }, ['date', 'id']>('DATE', ['date', 'id']);
    expect(byDate({ date: '2026-01-02', id: 'e' })).toBe('DATE#2026-01-02#e');
    expect(byDate.prefix({})).toBe('DATE#');
    expect(byDate.prefix({ date: '2026-01-02' })).toBe('DATE#2026-01-02#');
  });
});
