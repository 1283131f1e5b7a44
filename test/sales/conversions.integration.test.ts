import { describe, expect, it } from 'vitest';
import { call, outboxOf } from '../integration/support.ts';
import { books } from './sales-books.ts';

/**
 * Conversions (api.md, "Conversions"; issue 49 item 2): an estimate or sales order becomes an invoice, a purchase
 * order a bill, from its own lines; both name each other; once.
 */

const lines = [
  { description: 'Design', quantity: 3, unit_price: 120, tax_rate: 10 },
  { description: 'Printing', quantity: 1, unit_price: 45.5, tax_rate: 0 },
];

describe('conversions', () => {
  it('an estimate becomes a draft invoice of its lines (Invoiced, each naming the other); approved it posts, and a second conversion is 409', async () => {
    const w = await books();
    const estimate = await w.post('/api/v1/estimates', { customer_id: w.customer, date: '2026-05-01', lines, note: 'Valid 30 days' });
    const converted = await call('POST', `/api/v1/estimates/${estimate.id}/convert`, { key: w.business.key, body: { date: '2026-05-20' } });
    expect(converted.status, converted.text).toBe(201);
    const invoice = converted.body.data;
    // 3 × 120 = 360 at 10% (36) and 45.50 at 0: 405.50 net, 441.50 in all.
    expect(invoice).toMatchObject({ status: 'Draft', no: null, customer_id: w.customer, invoice_date: '2026-05-20', reference: estimate.no, note: 'Valid 30 days', subtotal: 405.5, tax_total: 36, total: 441.5, converted_from: { type: 'estimate', id: estimate.id } });
    expect(invoice.lines.map((line: { description: string; quantity: number; unit_price: number; tax_rate_id: string }) => [line.description, line.quantity, line.unit_price, line.tax_rate_id])).toEqual(estimate.lines.map((line: { description: string; quantity: number; unit_price: number; tax_rate_id: string }) => [line.description, line.quantity, line.unit_price, line.tax_rate_id]));
    expect(await w.get(`/api/v1/estimates/${estimate.id}`)).toMatchObject({ status: 'Invoiced', converted_to_id: invoice.id });

    const again = await call('POST', `/api/v1/estimates/${estimate.id}/convert`, { key: w.business.key, body: { approve: true } });
    expect(again.status, again.text).toBe(409);

    const approved = await call('POST', `/api/v1/invoices/${invoice.id}/approve`, { key: w.business.key });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ id: invoice.id, no: 'INV-00001', status: 'Open', total: 441.5, converted_from: { type: 'estimate', id: estimate.id } });
    expect((await w.get(`/api/v1/estimates/${estimate.id}`)).converted_to_id).toBe(invoice.id);
    const converted_events = (await outboxOf(w.business.id)).filter((item) => item.type === 'estimate.converted');
    expect(converted_events.map((item) => (item.data as { converted_to_id: string }).converted_to_id)).toEqual([invoice.id]);
  });

  it('a sales order converted with approve posts its invoice at once; the order is listed as Invoiced', async () => {
    const w = await books();
    const order = await w.post('/api/v1/sales-orders', { customer_id: w.customer, date: '2026-06-01', lines });
    const converted = await call('POST', `/api/v1/sales-orders/${order.id}/convert`, { key: w.business.key, body: { approve: true, date: '2026-06-15', due_date: '2026-07-15' } });
    expect(converted.status, converted.text).toBe(201);
    expect(converted.body.data).toMatchObject({ no: 'INV-00001', status: 'Open', invoice_date: '2026-06-15', due_date: '2026-07-15', total: 441.5, balance_due: 441.5, converted_from: { type: 'sales_order', id: order.id } });
    const invoiced = await w.get('/api/v1/sales-orders?status=Invoiced');
    expect(invoiced.items.map((listed: { id: string }) => listed.id)).toEqual([order.id]);
    const trail = await w.get(`/api/v1/audit-log?record_type=invoice&record_id=${converted.body.data.id}`);
    expect(trail.items[0]).toMatchObject({ action: 'created', related: [{ type: 'sales_order', id: order.id, no: order.no }] });
  });

  it('a purchase order becomes a draft bill; deleting that draft gives the order back, to be converted again', async () => {
    const w = await books();
    const order = await w.post('/api/v1/purchase-orders', { vendor_id: w.vendor, date: '2026-06-01', lines });
    const draft = await call('POST', `/api/v1/purchase-orders/${order.id}/convert`, { key: w.business.key });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.body.data).toMatchObject({ type: 'bill', status: 'Draft', vendor_id: w.vendor, total: 441.5, converted_from: { type: 'purchase_order', id: order.id } });
    expect(await w.get(`/api/v1/purchase-orders/${order.id}`)).toMatchObject({ status: 'Billed', converted_to_id: draft.body.data.id });

    expect((await call('DELETE', `/api/v1/bills/${draft.body.data.id}`, { key: w.business.key })).status).toBe(200);
    expect(await w.get(`/api/v1/purchase-orders/${order.id}`)).toMatchObject({ status: 'Open', converted_to_id: null });
    const second = await call('POST', `/api/v1/purchase-orders/${order.id}/convert`, { key: w.business.key, body: { approve: true } });
    expect(second.status, second.text).toBe(201);
    expect(second.body.data).toMatchObject({ no: 'BILL-00001', status: 'Open' });
  });

  it('a conversion raced against itself makes one invoice; approve needs the approve verb; a voided estimate is not converted', async () => {
    const w = await books();
    const estimate = await w.post('/api/v1/estimates', { customer_id: w.customer, date: '2026-05-01', lines });
    const raced = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/v1/estimates/${estimate.id}/convert`, { key: w.business.key, body: { approve: true, date: '2026-05-02' } })));
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await w.get('/api/v1/invoices')).pagination.total_count).toBe(1);

    const preparer = (await w.post('/api/v1/api-keys', { name: 'Preparer', scopes: ['sales_invoices:read', 'sales_invoices:create', 'sales_documents:read'], options: [] })).key as string;
    const other = await w.post('/api/v1/estimates', { customer_id: w.customer, date: '2026-05-01', lines });
    const refused = await call('POST', `/api/v1/estimates/${other.id}/convert`, { key: preparer, body: { approve: true } });
    expect(refused.status, refused.text).toBe(403);
    expect(await w.get(`/api/v1/estimates/${other.id}`)).toMatchObject({ status: 'Open', converted_to_id: null });
    expect((await call('POST', `/api/v1/estimates/${other.id}/convert`, { key: preparer })).status).toBe(201);

    const voided = await w.post('/api/v1/estimates', { customer_id: w.customer, date: '2026-05-01', lines });
    await w.post(`/api/v1/estimates/${voided.id}/void`, {});
    expect((await call('POST', `/api/v1/estimates/${voided.id}/convert`, { key: w.business.key })).status).toBe(409);
  });
});
