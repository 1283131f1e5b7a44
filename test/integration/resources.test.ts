import { describe, expect, it } from 'vitest';
import { call, freshBusiness, outboxOf, uniqueName } from './support.ts';

describe.each([
  ['customers', 'customer.created'],
  ['vendors', 'vendor.created'],
] as const)('%s', (collection, eventName) => {
  const path = `/api/v1/${collection}`;

  it('creates a complete record, defaulting the currency to the business currency', async () => {
    const { key } = await freshBusiness({ currency: 'EUR' });
    const answer = await call('POST', path, {
      key,
      body: { name: 'Ada Ltd', email: 'ada@example.com', billing_address: { line1: '1 Main St', city: 'Leeds', country: 'GB' }, tax_number: 'GB123' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({
      id: expect.any(String),
      name: 'Ada Ltd',
      email: 'ada@example.com',
      phone: null,
      currency: 'EUR',
      billing_address: { line1: '1 Main St', city: 'Leeds', country: 'GB' },
      tax_number: 'GB123',
      electronic_address: null,
      e_invoice: null,
      payment_terms_days: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it(`writes ${eventName} to the outbox in the same transaction, carrying the record as GET returns it`, async () => {
    const business = await freshBusiness();
    const created = await call('POST', path, { key: business.key, body: { name: uniqueName('Evented') } });
    const events = await outboxOf(business.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: eventName, business_id: business.id, data: created.body.data });
    expect(String(events[0]!.sk)).toMatch(/^EVT#/);
  });

  it('patches given fields, clears optional ones with null, keeps the rest, and reorders by the new name', async () => {
    const { key } = await freshBusiness();
    const zed = (await call('POST', path, { key, body: { name: 'Zed', email: 'zed@example.com', phone: '123' } })).body.data;
    await call('POST', path, { key, body: { name: 'Mid' } });
    const patched = await call('PATCH', `${path}/${zed.id}`, { key, body: { name: 'Aaron', phone: null } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: zed.id, name: 'Aaron', email: 'zed@example.com', phone: null, created_at: zed.created_at });
    // GET adds the party's unapplied credit, which no other answer carries.
    expect((await call('GET', `${path}/${zed.id}`, { key })).body.data).toEqual({ ...patched.body.data, credit_balance: [] });
    const names = (await call('GET', path, { key })).body.data.items.map((party: { name: string }) => party.name);
    expect(names).toEqual(['Aaron', 'Mid']);
  });

  it.each([
    [{ name: 'x', email: 'not-an-email' }, 'email'],
    [{ name: 'x', currency: 'usd' }, 'currency'],
    [{ name: 'x', billing_address: { country: 'Britain' } }, 'billing_address.country'],
    [{ name: 'x', billing_address: { street: 'a' } }, 'billing_address.street'],
    [{ email: 'a@b.co' }, 'name'],
  ])('refuses %j naming %s', async (body, field) => {
    const answer = await call('POST', path, { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('keeps every update when two PATCHes race', async () => {
    const { key } = await freshBusiness();
    const party = (await call('POST', path, { key, body: { name: 'Race' } })).body.data;
    await Promise.all([
      call('PATCH', `${path}/${party.id}`, { key, body: { email: 'race@example.com' } }),
      call('PATCH', `${path}/${party.id}`, { key, body: { phone: '555' } }),
      call('PATCH', `${path}/${party.id}`, { key, body: { tax_number: 'T-1' } }),
    ]);
    expect((await call('GET', `${path}/${party.id}`, { key })).body.data).toMatchObject({ email: 'race@example.com', phone: '555', tax_number: 'T-1' });
  });
});

describe('items', () => {
  it('lists a plain array by name, filtered by type and status', async () => {
    const { key } = await freshBusiness();
    for (const body of [
      { name: 'Consulting', type: 'service', sale_price: 150 },
      { name: 'Widget', type: 'inventory', sale_price: 9.99, purchase_price: 4.5, sku: 'W-1' },
      { name: 'Archived service', type: 'service', status: 'inactive' },
    ]) expect((await call('POST', '/api/v1/items', { key, body })).status).toBe(201);
    const all = await call('GET', '/api/v1/items', { key });
    expect(Array.isArray(all.body.data)).toBe(true);
    expect(all.body.data.map((item: { name: string }) => item.name)).toEqual(['Archived service', 'Consulting', 'Widget']);
    const services = await call('GET', '/api/v1/items?type=service&status=active', { key });
    expect(services.body.data.map((item: { name: string }) => item.name)).toEqual(['Consulting']);
    expect((await call('GET', '/api/v1/items?type=gadget', { key })).status).toBe(400);
  });

  it('keeps prices exact in the business currency and refuses extra decimals', async () => {
    const { key } = await freshBusiness({ currency: 'JPY' });
    const created = await call('POST', '/api/v1/items', { key, body: { name: 'Tea', type: 'non_inventory', sale_price: 500 } });
    expect(created.body.data).toMatchObject({ currency: 'JPY', sale_price: 500, purchase_price: null, status: 'active' });
    const refused = await call('POST', '/api/v1/items', { key, body: { name: 'Cake', type: 'non_inventory', sale_price: 500.5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe('sale_price');
    const patched = await call('PATCH', `/api/v1/items/${created.body.data.id}`, { key, body: { sale_price: 0.1 } });
    expect(patched.status).toBe(400);
    expect((await call('GET', `/api/v1/items/${created.body.data.id}`, { key })).body.data.sale_price).toBe(500);
  });

  it('patches an item', async () => {
    const { key } = await freshBusiness();
    const item = (await call('POST', '/api/v1/items', { key, body: { name: 'Widget', type: 'inventory', sale_price: 10 } })).body.data;
    const patched = await call('PATCH', `/api/v1/items/${item.id}`, { key, body: { status: 'inactive', sale_price: 12.5, sku: 'W-2' } });
    expect(patched.body.data).toMatchObject({ status: 'inactive', sale_price: 12.5, sku: 'W-2', type: 'inventory' });
  });
});

describe('bank accounts', () => {
  it('creates cash-flow accounts with an exact opening balance and lists them by name', async () => {
    const { key } = await freshBusiness({ currency: 'KWD' });
    const bank = await call('POST', '/api/v1/bank-feeds/accounts', { key, body: { name: 'Operating', kind: 'bank', opening_balance: 1250.125 } });
    expect(bank.status).toBe(201);
    expect(bank.body.data).toMatchObject({ name: 'Operating', kind: 'bank', currency: 'KWD', opening_balance: 1250.125 });
    await call('POST', '/api/v1/bank-feeds/accounts', { key, body: { name: 'Petty cash', kind: 'cash', currency: 'USD', opening_balance: -20.5, exchange_rate: 0.92 } });
    const list = await call('GET', '/api/v1/bank-feeds/accounts', { key });
    expect(list.body.data.items.map((account: { name: string; kind: string }) => [account.name, account.kind])).toEqual([
      ['Operating', 'bank'],
      ['Petty cash', 'cash'],
    ]);
    expect((await call('GET', `/api/v1/bank-feeds/accounts/${bank.body.data.id}`, { key })).body.data).toEqual(bank.body.data);
  });

  it.each([
    [{ name: 'A', kind: 'savings' }, 'kind'],
    [{ name: 'A', kind: 'bank', opening_balance: 1.001 }, 'opening_balance'],
    [{ name: 'A', kind: 'bank', currency: 'ABC' }, 'currency'],
    [{ name: 'A', kind: 'bank', opening_balance: '10' }, 'opening_balance'],
  ])('refuses %j naming %s', async (body, field) => {
    const answer = await call('POST', '/api/v1/bank-feeds/accounts', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe(field);
  });
});
