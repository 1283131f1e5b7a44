import { describe, expect, it } from 'vitest';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { world } from './bank-world.ts';

/**
 * February on an account opened on 1 January with 1,000, figures worked out by hand:
 *
 * lines     L4 +40 on 02-04 (matched to R5, then undone: unmatched), L1 +300 on 02-12 (matched to R1 of 02-10),
 *           L3 -20 on 02-15 (a fee, unmatched), L2 +200 on 02-18 (matched to R2 of 02-20)
 * postings  R5 +40 on 02-03 (voided on 02-26), R3 +50 on 02-05 (voided on 02-25), R1 +300 on 02-10,
 *           R2 +200 on 02-20, R4 +80 on 02-22 (unmatched)
 */
describe('reconciliation explains itself', () => {
  it('difference = unmatched lines - unmatched postings at every date, each counted over its span; the postings are listed, paged', async () => {
    const w = await world();
    const receipt = async (amount: number, date: string) => w.receipt(await w.invoice(amount), amount, date);
    const r5 = await receipt(40, '2026-02-03');
    const r3 = await receipt(50, '2026-02-05');
    const r1 = await receipt(300, '2026-02-10');
    const r2 = await receipt(200, '2026-02-20');
    const r4 = await receipt(80, '2026-02-22');
    const [l4, l1, _l3, l2] = await w.lines([
      { date: '2026-02-04', amount: 40 },
      { date: '2026-02-12', amount: 300 },
      { date: '2026-02-15', amount: -20 },
      { date: '2026-02-18', amount: 200 },
    ]);
    await w.post(`/api/v1/bank-feeds/lines/${l4!.id}/match`, { money_id: r5.id });
    await w.post(`/api/v1/bank-feeds/lines/${l1!.id}/match`, { money_id: r1.id });
    await w.post(`/api/v1/bank-feeds/lines/${l2!.id}/match`, { money_id: r2.id });
    await w.post(`/api/v1/bank-feeds/lines/${l4!.id}/undo`);
    await w.post(`/api/v1/receipts/${r5.id}/void`, { void_date: '2026-02-26' });
    await w.post(`/api/v1/receipts/${r3.id}/void`, { void_date: '2026-02-25' });

    // The index follows the stream within about a second: wait until it shows the last void.
    expect(await eventually(async () => (await w.summary('2026-02-28')).unmatched_postings.count === 1, STREAM_LAG_MS)).toBe(true);
    const figures = async (asOf: string) => {
      const s = await w.summary(asOf);
      return { feed: s.feed_balance, ledger: s.ledger_balance, reconciled: s.reconciled_balance, lines: s.unmatched_lines, postings: s.unmatched_postings, difference: s.difference };
    };
    expect(await figures('2026-02-09')).toEqual({ feed: 1040, ledger: 1090, reconciled: 1000, lines: { count: 1, amount: 40 }, postings: { count: 2, amount: 90 }, difference: -50 });
    // R1 is dated before its line: unmatched until the line's date.
    expect(await figures('2026-02-11')).toEqual({ feed: 1040, ledger: 1390, reconciled: 1000, lines: { count: 1, amount: 40 }, postings: { count: 3, amount: 390 }, difference: -350 });
    // L2 is dated before its posting: unexplained until the posting's date.
    expect(await figures('2026-02-19')).toEqual({ feed: 1520, ledger: 1390, reconciled: 1300, lines: { count: 3, amount: 220 }, postings: { count: 2, amount: 90 }, difference: 130 });
    expect(await figures('2026-02-24')).toEqual({ feed: 1520, ledger: 1670, reconciled: 1500, lines: { count: 2, amount: 20 }, postings: { count: 3, amount: 170 }, difference: -150 });
    // R3 and R5 left with their reversals, on their void dates.
    expect(await figures('2026-02-28')).toEqual({ feed: 1520, ledger: 1580, reconciled: 1500, lines: { count: 2, amount: 20 }, postings: { count: 1, amount: 80 }, difference: -60 });
    for (let day = 1; day <= 28; day++) {
      const s = await w.summary(`2026-02-${String(day).padStart(2, '0')}`);
      expect(Math.round((s.unmatched_lines.amount - s.unmatched_postings.amount) * 100), `2026-02-${day}`).toBe(Math.round(s.difference * 100));
    }

    const listed = async (query: string) => {
      const answer = await w.send('GET', `/api/v1/bank-feeds/accounts/${w.bank}/unmatched-postings?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data as { items: { id: string; no: string; date: string; amount: number; until: string | null; type: string }[]; pagination: { total_count: number; next_cursor: string | null } };
    };
    const brief = (page: Awaited<ReturnType<typeof listed>>) => page.items.map((item) => [item.id, item.date, item.amount, item.until]);
    expect(brief(await listed('as_of=2026-02-11'))).toEqual([
      [r5.id, '2026-02-03', 40, '2026-02-26'],
      [r3.id, '2026-02-05', 50, '2026-02-25'],
      [r1.id, '2026-02-10', 300, '2026-02-12'],
    ]);
    const first = await listed('as_of=2026-02-24&page_size=2');
    expect(brief(first)).toEqual([
      [r5.id, '2026-02-03', 40, '2026-02-26'],
      [r3.id, '2026-02-05', 50, '2026-02-25'],
    ]);
    expect(first.pagination.total_count).toBe(3);
    expect(brief(await listed('as_of=2026-02-24&page_size=2&page=2'))).toEqual([[r4.id, '2026-02-22', 80, null]]);
    expect(brief(await listed(`as_of=2026-02-24&page_size=2&cursor=${first.pagination.next_cursor}`))).toEqual([[r4.id, '2026-02-22', 80, null]]);
    const today = await listed('as_of=2026-02-28');
    expect(today.items).toEqual([{ journal_entry_id: expect.any(String), type: 'receipt', id: r4.id, no: r4.no, date: '2026-02-22', amount: 80, currency: 'USD', until: null }]);
    expect((await listed('as_of=2026-02-02')).items).toEqual([]);
  });

  it('the list refuses a date before the opening, another business\'s account and an unknown one', async () => {
    const w = await world();
    const other = await world();
    const early = await w.send('GET', `/api/v1/bank-feeds/accounts/${w.bank}/unmatched-postings?as_of=2025-12-31`);
    expect(early.status).toBe(400);
    expect(early.body.details[0].field).toBe('as_of');
    expect((await w.send('GET', `/api/v1/bank-feeds/accounts/${other.bank}/unmatched-postings`)).status).toBe(404);
    expect((await w.send('GET', `/api/v1/bank-feeds/accounts/${w.bank}/unmatched-postings?page_size=x`)).status).toBe(400);
  });
});
