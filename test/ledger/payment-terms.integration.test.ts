import { describe, expect, it } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

describe('payment terms', () => {
  it('give an invoice or bill made without a due date one: the party’s days, else the business’s; a due date sent wins; none without terms', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const line = [{ description: 'Work', quantity: 1, unit_price: 100 }];
    const plain = (await post('/api/v1/customers', { name: uniqueName('Plain') })).id as string;
    const prompt = (await post('/api/v1/customers', { name: uniqueName('Prompt'), payment_terms_days: 0 })) as { id: string; payment_terms_days: number };
    expect(prompt.payment_terms_days).toBe(0);
    const supplier = (await post('/api/v1/vendors', { name: uniqueName('Supplier') })) as { id: string; payment_terms_days: number | null };
    expect(supplier.payment_terms_days).toBeNull();
    const invoiceDue = async (customer: string, extra = {}) => (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: line, ...extra })).due_date;

    expect(await invoiceDue(plain)).toBeNull();
    const profile = await call('PATCH', '/api/v1/business', { key: business.key, body: { payment_terms_days: 30 } });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.data.payment_terms_days).toBe(30);
    expect(await invoiceDue(plain)).toBe('2026-06-03');
    expect(await invoiceDue(prompt.id)).toBe('2026-05-04');
    expect(await invoiceDue(plain, { due_date: '2026-05-10' })).toBe('2026-05-10');
    expect((await post('/api/v1/bills', { vendor_id: supplier.id, bill_date: '2026-05-04', lines: line })).due_date).toBe('2026-06-03');
    const changed = await call('PATCH', `/api/v1/vendors/${supplier.id}`, { key: business.key, body: { payment_terms_days: 14 } });
    expect(changed.body.data.payment_terms_days).toBe(14);
    expect((await post('/api/v1/bills', { vendor_id: supplier.id, bill_date: '2026-05-04', lines: line })).due_date).toBe('2026-05-18');
    // Cleared: the business's terms again.
    expect((await call('PATCH', `/api/v1/vendors/${supplier.id}`, { key: business.key, body: { payment_terms_days: null } })).body.data.payment_terms_days).toBeNull();
    expect((await post('/api/v1/bills', { vendor_id: supplier.id, bill_date: '2026-05-04', lines: line })).due_date).toBe('2026-06-03');
  });

  it('refuses days that are not a whole number from 0 to 365, naming the field, and changes nothing', async () => {
    const business = await freshBusiness();
    for (const days of [-1, 366, 1.5, '30']) {
      const refused = await call('PATCH', '/api/v1/business', { key: business.key, body: { payment_terms_days: days } });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.details.map((problem: { field: string }) => problem.field)).toEqual(['payment_terms_days']);
      const party = await call('POST', '/api/v1/customers', { key: business.key, body: { name: uniqueName('Refused'), payment_terms_days: days } });
      expect(party.status, party.text).toBe(400);
    }
    expect((await call('GET', '/api/v1/business', { key: business.key })).body.data.payment_terms_days).toBeNull();
    expect((await call('GET', '/api/v1/customers', { key: business.key })).body.data.items).toEqual([]);
  });
});
