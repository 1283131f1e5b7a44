import { expect } from 'vitest';
import { call, freshBusiness } from '../integration/support.ts';

/** A business with a bank account opened on 2026-01-01 with 1,000, a second bank account, a customer, a vendor and two invoices. */
export async function world() {
  const business = await freshBusiness();
  const send = (method: string, path: string, body?: unknown) => call(method, path, { key: business.key, body });
  const post = async (path: string, body?: unknown) => {
    const answer = await send('POST', path, body);
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body.data;
  };
  const get = async (path: string) => {
    const answer = await send('GET', path);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank', opening_balance: 1000, opening_balance_date: '2026-01-01' })).id as string;
  const savings = (await post('/api/v1/bank-feeds/accounts', { name: 'Savings', kind: 'bank', opening_balance_date: '2026-01-01' })).id as string;
  const customer = (await post('/api/v1/customers', { name: 'Acme Ltd', email: 'ap@acme.test' })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: 'Office Supplies Co' })).id as string;
  const invoice = async (amount: number, date = '2026-02-01') => (await post('/api/v1/invoices', { customer_id: customer, invoice_date: date, lines: [{ description: 'Work', quantity: 1, unit_price: amount }] })).id as string;
  const receipt = async (documentId: string, amount: number, date = '2026-02-10', account = bank) => post('/api/v1/receipts', { party_id: customer, date, payment_account_id: account, allocations: [{ document_id: documentId, amount }] });
  const lines = async (entries: { date: string; amount: number; description?: string; external_id?: string }[], account = bank) => (await post(`/api/v1/bank-feeds/accounts/${account}/lines`, { lines: entries })).added as { id: string }[];
  const accountCode = async (code: string) => ((await get('/api/v1/accounts')) as { id: string; code: string }[]).find((account) => account.code === code)!.id;
  const summary = async (asOf = '2026-12-31', account = bank) => get(`/api/v1/bank-feeds/accounts/${account}/reconciliation?as_of=${asOf}`);
  const entries = async () => (await get('/api/v1/journal-entries?page_size=1')).pagination.total_count as number;
  return { business, send, post, get, bank, savings, customer, vendor, invoice, receipt, lines, accountCode, summary, entries };
}

