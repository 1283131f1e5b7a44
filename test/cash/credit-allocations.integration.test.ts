import { describe, expect, it } from 'vitest';
import { call, createdBy as created, freshBusiness, readBy as read } from '../integration/support.ts';

describe("a credit note's allocations", () => {
  it('are listed by their note, oldest first, voided ones included, paged with a total and a cursor; another note or business sees none', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd' })).id;
    const invoice = (price: number) => created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-07-01', lines: [{ description: 'Work', quantity: 1, unit_price: price }] });
    const [first, second, third] = [await invoice(30), await invoice(40), await invoice(50)];
    const note = await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-07-02', lines: [{ description: 'Credit', quantity: 1, unit_price: 60 }] });
    const other = await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-07-02', lines: [{ description: 'Other credit', quantity: 1, unit_price: 5 }] });
    const made = [];
    for (const [target, amount] of [[first, 10], [second, 20], [third, 30]] as const) {
      made.push(...((await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-07-03', allocations: [{ document_id: target.id, amount }] })).allocations as { id: string }[]));
    }
    const voided = await call('POST', `/api/v1/credit-allocations/${made[1]!.id}/void`, { key: business.key });
    expect(voided.status, voided.text).toBe(200);

    const whole = await read(business, `/api/v1/credit-notes/${note.id}/allocations`);
    expect(whole.items.map((allocation: { id: string; amount: number; voided_at: string | null; void_date: string | null }) => [allocation.id, allocation.amount, allocation.void_date])).toEqual([
      [made[0]!.id, 10, null],
      [made[1]!.id, 20, '2026-07-03'],
      [made[2]!.id, 30, null],
    ]);
    expect(whole.pagination).toMatchObject({ total_count: 3, has_next: false });

    const firstPage = await read(business, `/api/v1/credit-notes/${note.id}/allocations?page_size=2`);
    expect(firstPage.items.map((allocation: { id: string }) => allocation.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(firstPage.pagination).toMatchObject({ total_count: 3, has_next: true });
    const rest = await read(business, `/api/v1/credit-notes/${note.id}/allocations?page_size=2&cursor=${encodeURIComponent(firstPage.pagination.next_cursor)}`);
    expect(rest.items.map((allocation: { id: string }) => allocation.id)).toEqual([made[2]!.id]);
    expect((await read(business, `/api/v1/credit-notes/${note.id}/allocations?page=2&page_size=2`)).items.map((allocation: { id: string }) => allocation.id)).toEqual([made[2]!.id]);

    expect((await read(business, `/api/v1/credit-notes/${other.id}/allocations`)).items).toEqual([]);
    // Another note's cursor is refused; an invoice's id, or another business's note, is no credit note.
    expect((await call('GET', `/api/v1/credit-notes/${other.id}/allocations?cursor=${encodeURIComponent(firstPage.pagination.next_cursor)}`, { key: business.key })).status).toBe(400);
    expect((await call('GET', `/api/v1/credit-notes/${first.id}/allocations`, { key: business.key })).status).toBe(404);
    const stranger = await freshBusiness({ currency: 'USD' });
    expect((await call('GET', `/api/v1/credit-notes/${note.id}/allocations`, { key: stranger.key })).status).toBe(404);
  });
});
