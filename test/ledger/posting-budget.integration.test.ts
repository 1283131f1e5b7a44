import { describe, expect, it } from 'vitest';
import { call, freshBusiness } from '../integration/support.ts';
import { MAX_CREDIT_ALLOCATIONS } from '../../shared/ledger/documents/schemas.ts';

/**
 * The largest posting of each kind the API allows fits DynamoDB's 100 items in one transaction (docs/books-as-of.md,
 * "Item budget"): foreign, every target closed, so every per-target item is written. 25 credit allocations at other
 * rates wrote 132 items and answered 500; the most is now MAX_CREDIT_ALLOCATIONS, closing the note too (its open
 * marker and its own relief record are written with the invoices'), and one more is a 400.
 */
describe('the largest postings fit one transaction', () => {
  it('a receipt of 25 foreign invoices holding more than it allocates, a credit note applied to the most invoices it may be, a bank line recording a receipt of 25, 45 bank lines, a 100-line journal', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const post = async (path: string, body: unknown) => {
      const answer = await call('POST', path, { key: business.key, body });
      expect(answer.status, `${path}: ${answer.text}`).toBe(201);
      return answer.body.data;
    };
    const customer = (await post('/api/v1/customers', { name: 'Zeta', currency: 'EUR' })).id;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'EUR bank', kind: 'bank', currency: 'EUR' })).id;
    const invoices = async (count: number) => {
      const ids: string[] = [];
      for (let index = 0; index < count; index++) ids.push((await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', exchange_rate: 1.1, lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] })).id);
      return ids;
    };
    const settling = (ids: readonly string[]) => ids.map((id) => ({ document_id: id, amount: 10 }));

    // Holding more than it allocates too: its overpayment, that document's open marker and its event ride along.
    const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-11-05', payment_account_id: bank, exchange_rate: 1.2, amount: 260, allocations: settling(await invoices(25)) });
    expect(receipt).toMatchObject({ amount: 260, unapplied_amount: 10 });

    const credited = await invoices(MAX_CREDIT_ALLOCATIONS + 1);
    const note = await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-11-02', exchange_rate: 1.3, lines: [{ description: 'Refund', quantity: 1, unit_price: 10 * MAX_CREDIT_ALLOCATIONS }] });
    const tooMany = await call('POST', `/api/v1/credit-notes/${note.id}/allocations`, { key: business.key, body: { date: '2026-11-05', allocations: settling(credited) } });
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(tooMany.body.details.map((detail: { field: string }) => detail.field)).toContain('allocations');
    await post(`/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-11-05', allocations: settling(credited.slice(0, MAX_CREDIT_ALLOCATIONS)) });
    expect((await call('GET', `/api/v1/credit-notes/${note.id}`, { key: business.key })).body.data).toMatchObject({ status: 'Closed', remaining_credit: 0 });

    const line = (await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-11-06', amount: 250 }] })).added[0].id;
    const matched = await call('POST', `/api/v1/bank-feeds/lines/${line}/match`, { key: business.key, body: { party_id: customer, exchange_rate: 1.2, allocations: settling(await invoices(25)) } });
    expect(matched.status, matched.text).toBeLessThan(300);

    await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: Array.from({ length: 45 }, (_, index) => ({ date: '2026-11-07', amount: index + 1, external_id: `line-${index}` })) });

    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; system_role: string | null; cash_flow: boolean }[];
    const plain = accounts.filter((account) => !account.cash_flow && account.system_role !== 'accounts_receivable' && account.system_role !== 'accounts_payable');
    const lines = Array.from({ length: 100 }, (_, index) => (index % 2 ? { account_id: plain[index % plain.length]!.id, credit: 1 } : { account_id: plain[(index + 7) % plain.length]!.id, debit: 1 }));
    await post('/api/v1/journals', { date: '2026-11-08', narration: 'Year-end reclassification', lines });

    // Tracking: each option a posting names moves two items (its day's and its month's), so 20 a posting at most:
    // the debits name all 20 (each option's net is then not zero, so every item is written).
    const department = await post('/api/v1/tracking-categories', { name: 'Department', options: Array.from({ length: 10 }, (_, index) => ({ name: `D${index}` })) });
    const project = await post('/api/v1/tracking-categories', { name: 'Project', options: Array.from({ length: 10 }, (_, index) => ({ name: `P${index}` })) });
    const tracking = (index: number) => [{ category_id: department.id, option_id: department.options[index % 10].id }, { category_id: project.id, option_id: project.options[(index >> 1) % 10].id }];
    await post('/api/v1/journals', { date: '2026-11-08', narration: 'Costs by department and project', lines: lines.map((line, index) => ('debit' in line ? { ...line, tracking: tracking(index >> 1) } : line)) });
    const tracked = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-09', exchange_rate: 1.1, lines: Array.from({ length: 200 }, (_, index) => ({ description: 'Work', quantity: 1, unit_price: 1, tax_rate: [0, 5, 7.5, 20][index % 4], tracking: tracking(index) })) });
    expect((await call('POST', `/api/v1/invoices/${tracked.id}/void`, { key: business.key, body: { void_date: '2026-11-10' } })).status).toBe(200);
  }, 120_000);
});
