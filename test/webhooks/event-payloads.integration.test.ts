import { describe, expect, it } from 'vitest';
import { call, freshBusiness, outboxOf } from '../integration/support.ts';

/**
 * One business that makes every kind of event the API can cause, then its whole outbox read back: outboxOf checks
 * each event's data against the schema of its name, so a producer that sends another shape fails here.
 */
describe('every outbox event carries the payload its name promises', () => {
  it('holds for parties, every document type, money, credit, voids, bank lines and ping', async () => {
    const business = await freshBusiness();
    const post = async (path: string, body?: unknown) => {
      const answer = await call('POST', path, { key: business.key, ...(body === undefined ? {} : { body }) });
      expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300);
      return answer.body.data;
    };
    const customer = (await post('/api/v1/customers', { name: 'Payload customer' })).id;
    const vendor = (await post('/api/v1/vendors', { name: 'Payload vendor' })).id;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Payload bank', kind: 'bank' })).id;
    const lines = [{ description: 'Work', quantity: 1, unit_price: 100 }];
    const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', due_date: '2026-11-30', lines })).id;
    const bill = (await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-11-01', lines })).id;
    const credit = (await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-11-02', lines: [{ description: 'Back', quantity: 1, unit_price: 10 }] })).id;
    await post('/api/v1/estimates', { customer_id: customer, date: '2026-11-01', lines });
    await post('/api/v1/sales-orders', { customer_id: customer, date: '2026-11-01', lines });
    await post('/api/v1/debit-notes', { customer_id: customer, date: '2026-11-01', lines });
    await post('/api/v1/purchase-orders', { vendor_id: vendor, date: '2026-11-01', lines });
    const cashSale = (await post('/api/v1/cash-sales', { customer_id: customer, date: '2026-11-01', payment_account_id: bank, lines })).id;
    await post('/api/v1/expenses', { vendor_id: vendor, date: '2026-11-01', payment_account_id: bank, lines });
    await post(`/api/v1/credit-notes/${credit}/allocations`, { allocations: [{ document_id: invoice, amount: 10 }] });
    const receipt = (await post('/api/v1/receipts', { party_id: customer, date: '2026-11-03', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 90 }] })).id;
    await post('/api/v1/payments', { party_id: vendor, date: '2026-11-03', payment_account_id: bank, allocations: [{ document_id: bill, amount: 100 }] });
    await post(`/api/v1/receipts/${receipt}/void`);
    await post(`/api/v1/cash-sales/${cashSale}/void`);
    await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-11-04', amount: -5, description: 'Fee', external_id: 'fee-1' }] });
    const endpoint = (await post('/api/v1/webhooks/endpoints', { url: 'http://127.0.0.1:9/payloads', events: ['ping'] })).id;
    await post(`/api/v1/webhooks/endpoints/${endpoint}/ping`);

    const types = new Set((await outboxOf(business.id)).map((event) => String(event.type)));
    for (const expected of ['customer.created', 'vendor.created', 'invoice.created', 'invoice.paid', 'bill.created', 'bill.paid', 'credit_note.created', 'estimate.created', 'receipt.created', 'receipt.voided', 'payment.created', 'bank_feed.received', 'ping']) {
      expect(types, expected).toContain(expected);
    }
    expect(types.size).toBeGreaterThanOrEqual(17);
  });
});
