import { createdBy as created, freshBusiness } from '../integration/support.ts';

/**
 * The accountant's quarter (issue 46) starts from the same books: a USD business with two home customers, a EUR
 * customer, a vendor, and a bank account in each currency.
 */
export async function quarterBooks() {
  const business = await freshBusiness({ currency: 'USD' });
  const id = async (path: string, body: Record<string, unknown>) => (await created(business, path, body)).id as string;
  return {
    business,
    ada: await id('/api/v1/customers', { name: 'Ada Ltd' }),
    bo: await id('/api/v1/customers', { name: 'Bo Inc' }),
    zeta: await id('/api/v1/customers', { name: 'Zeta GmbH', currency: 'EUR' }),
    druck: await id('/api/v1/vendors', { name: 'Druck AG' }),
    bank: await id('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' }),
    eurBank: await id('/api/v1/bank-feeds/accounts', { name: 'EUR bank', kind: 'bank', currency: 'EUR' }),
  };
}
