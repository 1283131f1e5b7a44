import { expect } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

/** A business of its own with a customer and a vendor, a reader that expects 200, and its receivables balance. */
export async function books() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Books customer') })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Books vendor') })).id as string;
  const get = async (path: string) => {
    const answer = await call('GET', path, { key: business.key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  const receivables = async () => {
    const sheet = await get('/api/v1/reports/trial-balance?as_of=2026-12-31');
    const found = (sheet.base.accounts as { code: string; debit: number; credit: number }[]).find((account) => account.code === '1100');
    return found ? found.debit - found.credit : 0;
  };
  return { business, post, customer, vendor, get, receivables };
}
