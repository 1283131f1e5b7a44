import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteRow } from '../../functions/routes.ts';
import { businessA, businessB, call, uniqueName } from './support.ts';

interface Context {
  customerId: string;
  vendorId: string;
  accountId: string;
}

const create = async (path: string, body: unknown) => {
  const answer = await call('POST', path, { key: businessA.api_key, body });
  expect(answer.status, `${path}: ${answer.text}`).toBe(201);
  return answer.body.data;
};
const line = [{ description: 'Work', quantity: 1, unit_price: 100 }];
const today = '2026-11-01';

/** 40 of a credit (a credit note, a vendor credit) applied to a document of its party: the allocation's id, and the document's path to read it by. */
async function appliedCredit(target: { path: string; body: object }, credit: { path: string; body: object }) {
  const document = await create(`/api/v1/${target.path}`, { ...target.body, lines: line });
  // A prepayment's body names its amount; a credit document's, its lines.
  const note = await create(`/api/v1/${credit.path}`, 'amount' in credit.body ? credit.body : { ...credit.body, lines: line });
  const applied = await create(`/api/v1/${credit.path}/${note.id}/allocations`, { allocations: [{ document_id: document.id, amount: 40 }] });
  return `${applied.allocations[0].id}|/api/v1/${target.path}/${document.id}`;
}

/**
 * For each collection a route names by id: how to make a record of business A, what to send to the routes
 * that take a body, and how A reads the record back to prove nothing changed.
 */
const fixtures: Record<string, { make: (context: Context) => Promise<string>; bodies?: Partial<Record<string, unknown>>; read?: (id: string) => Promise<unknown> }> = {
  '/api/v1/customers': { make: async () => (await create('/api/v1/customers', { name: uniqueName('Tenant customer') })).id, bodies: { PATCH: { name: 'Taken over' } } },
  '/api/v1/vendors': { make: async () => (await create('/api/v1/vendors', { name: uniqueName('Tenant vendor') })).id, bodies: { PATCH: { name: 'Taken over' } } },
  '/api/v1/items': { make: async () => (await create('/api/v1/items', { name: uniqueName('Tenant item'), type: 'service', sale_price: 10 })).id, bodies: { PATCH: { status: 'inactive' } } },
  '/api/v1/bank-feeds/accounts': {
    make: async () => (await create('/api/v1/bank-feeds/accounts', { name: uniqueName('Tenant account'), kind: 'bank' })).id,
    bodies: {
      'bankLines.create': { lines: [{ date: today, amount: 10, external_id: 'x-1' }] },
      'bankImports.create': { format: 'csv', content: 'Date,Amount\n2026-11-01,5.00\n', mapping: { date: 'Date', amount: 'Amount' } },
    },
  },
  '/api/v1/bank-feeds/lines': {
    // A line has no GET of its own; its account's list shows whether it changed.
    make: async (c) => `${(await create(`/api/v1/bank-feeds/accounts/${c.accountId}/lines`, { lines: [{ date: today, amount: 7 }] })).added[0].id}|/api/v1/bank-feeds/accounts/${c.accountId}/lines?page_size=200`,
    bodies: { 'bankLines.match': { money_id: '00000000-0000-4000-8000-000000000001' }, 'bankLines.categorize': { account_id: '00000000-0000-4000-8000-000000000001' } },
  },
  '/api/v1/bank-feeds/transfers': {
    // A transfer has no GET of its own; its journal entries show whether a void reached it.
    make: async (c) => {
      const savings = (await create('/api/v1/bank-feeds/accounts', { name: uniqueName('Transfer account'), kind: 'bank' })).id;
      const id = (await create('/api/v1/bank-feeds/transfers', { from_account_id: c.accountId, to_account_id: savings, date: today, amount: 3 })).id;
      return `${id}|/api/v1/journal-entries?document_id=${id}`;
    },
  },
  '/api/v1/bank-feeds/imports': {
    // A queued import (more than 45 lines); its GET shows whether it changed once it is done.
    make: async () => {
      // On an account of its own: the lines fixture reads the context account's lines back.
      const account = (await create('/api/v1/bank-feeds/accounts', { name: uniqueName('Import account'), kind: 'bank' })).id;
      const rows = Array.from({ length: 50 }, (_, index) => `2026-11-01,${index + 1}.00,T${index}`).join('\n');
      const queued = await call('POST', `/api/v1/bank-feeds/accounts/${account}/imports`, { key: businessA.api_key, body: { format: 'csv', content: `Date,Amount,Id\n${rows}\n`, mapping: { date: 'Date', amount: 'Amount', external_id: 'Id' } } });
      expect(queued.status, queued.text).toBe(202);
      for (let tries = 0; tries < 200 && (await call('GET', `/api/v1/bank-feeds/imports/${queued.body.data.id}`, { key: businessA.api_key })).body.data.status !== 'done'; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      return queued.body.data.id;
    },
  },
  '/api/v1/tax-rates': { make: async () => (await create('/api/v1/tax-rates', { name: uniqueName('Tenant rate'), rate: 20, kind: 'standard' })).id, bodies: { PATCH: { name: 'Taken over', archived: true } } },
  // Categories have no GET of their own; the list shows whether one changed.
  '/api/v1/tracking-categories': { make: async () => `${(await create('/api/v1/tracking-categories', { name: uniqueName('Tenant department'), options: [{ name: 'North' }] })).id}|/api/v1/tracking-categories`, bodies: { PATCH: { name: 'Taken over', archived: true } } },
  '/api/v1/attachments': { make: async (c) => (await create('/api/v1/attachments', { record: { type: 'customer', id: c.customerId }, file_name: 'tenant.txt', content_type: 'text/plain', size: 5 })).id },
  '/api/v1/audit-log/exports': {
    // A finished export.
    make: async () => {
      const queued = await call('POST', '/api/v1/audit-log/exports', { key: businessA.api_key, body: { from: today, to: today } });
      expect(queued.status, queued.text).toBe(202);
      for (let tries = 0; tries < 200 && (await call('GET', `/api/v1/audit-log/exports/${queued.body.data.id}`, { key: businessA.api_key })).body.data.status !== 'done'; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      return queued.body.data.id;
    },
  },
  '/api/v1/bank-feeds/rules': {
    // A rule has no GET of its own; the list shows whether it changed.
    make: async () => `${(await create('/api/v1/bank-feeds/rules', { name: uniqueName('Tenant rule'), conditions: [{ field: 'amount', operator: 'gt', value: 0 }], action: { categorize: { account_id: (await call('GET', '/api/v1/accounts', { key: businessA.api_key })).body.data.find((account: { code: string }) => account.code === '4000').id } } })).id}|/api/v1/bank-feeds/rules?page_size=200`,
    bodies: { PATCH: { name: 'Taken over' } },
  },
  '/api/v1/recurring-invoices': {
    // Starts next year: nothing posts while the test runs.
    make: async (c) => (await create('/api/v1/recurring-invoices', { customer_id: c.customerId, schedule: { frequency: 'monthly', start_date: '2027-06-01' }, invoice: { lines: line } })).id,
    bodies: { PATCH: { status: 'paused' } },
  },
  '/api/v1/business/members': {
    // An invitation of business A (its e-mail goes to the local mailbox).
    make: async () => (await create('/api/v1/business/members', { email: `${uniqueName('tenant').replace(/\s/g, '-')}@example.test`, role: 'viewer' })).id,
    bodies: { PATCH: { role: 'accountant' } },
  },
  '/api/v1/payout-rails': {
    // A rail has no GET of its own; the list shows whether it is still there.
    make: async (c) => `${(await create('/api/v1/payout-rails', { name: uniqueName('Tenant rail'), payment_account_id: c.accountId })).id}|/api/v1/payout-rails?page_size=200`,
  },
  '/api/v1/accounts': {
    make: async () => (await create('/api/v1/accounts', { code: `T${Math.random().toString(36).slice(2, 10)}`, name: uniqueName('Tenant account'), type: 'expense' })).id,
    bodies: { PATCH: { archived: true } },
  },
  '/api/v1/journals': {
    make: async (c) => {
      const expense = await create('/api/v1/accounts', { code: `J${Math.random().toString(36).slice(2, 10)}`, name: uniqueName('Journal account'), type: 'expense' });
      return (await create('/api/v1/journals', { date: today, narration: 'Tenant journal', lines: [{ account_id: expense.id, debit: 5 }, { account_id: c.accountId, credit: 5 }] })).id;
    },
  },
  '/api/v1/invoices': { make: async (c) => (await create('/api/v1/invoices', { customer_id: c.customerId, invoice_date: today, lines: line })).id },
  '/api/v1/bills': { make: async (c) => (await create('/api/v1/bills', { vendor_id: c.vendorId, bill_date: today, lines: line })).id },
  '/api/v1/estimates': { make: async (c) => (await create('/api/v1/estimates', { customer_id: c.customerId, date: today, lines: line })).id },
  '/api/v1/sales-orders': { make: async (c) => (await create('/api/v1/sales-orders', { customer_id: c.customerId, date: today, lines: line })).id },
  '/api/v1/purchase-orders': { make: async (c) => (await create('/api/v1/purchase-orders', { vendor_id: c.vendorId, date: today, lines: line })).id },
  '/api/v1/credit-notes': {
    make: async (c) => (await create('/api/v1/credit-notes', { customer_id: c.customerId, date: today, lines: line })).id,
    bodies: { 'creditNotes.allocate': { allocations: [{ document_id: '00000000-0000-4000-8000-000000000001', amount: 1 }] } },
  },
  '/api/v1/vendor-credits': {
    make: async (c) => (await create('/api/v1/vendor-credits', { vendor_id: c.vendorId, date: today, lines: line })).id,
    bodies: { 'vendorCredits.allocate': { allocations: [{ document_id: '00000000-0000-4000-8000-000000000001', amount: 1 }] } },
  },
  '/api/v1/debit-notes': { make: async (c) => (await create('/api/v1/debit-notes', { customer_id: c.customerId, date: today, lines: line })).id },
  '/api/v1/cash-sales': { make: async (c) => (await create('/api/v1/cash-sales', { customer_id: c.customerId, date: today, payment_account_id: c.accountId, lines: line })).id },
  '/api/v1/expenses': { make: async (c) => (await create('/api/v1/expenses', { vendor_id: c.vendorId, date: today, payment_account_id: c.accountId, lines: line })).id },
  '/api/v1/prepayments': {
    make: async (c) => (await create('/api/v1/prepayments', { party_id: c.customerId, date: today, payment_account_id: c.accountId, amount: 50 })).id,
    bodies: { 'prepayments.allocate': { allocations: [{ document_id: '00000000-0000-4000-8000-000000000001', amount: 1 }] } },
  },
  '/api/v1/vendor-prepayments': {
    make: async (c) => (await create('/api/v1/vendor-prepayments', { party_id: c.vendorId, date: today, payment_account_id: c.accountId, amount: 50 })).id,
    bodies: { 'vendorPrepayments.allocate': { allocations: [{ document_id: '00000000-0000-4000-8000-000000000001', amount: 1 }] } },
  },
  '/api/v1/refunds': {
    make: async (c) => {
      const prepayment = await create('/api/v1/prepayments', { party_id: c.customerId, date: today, payment_account_id: c.accountId, amount: 50 });
      return (await create('/api/v1/refunds', { party_id: c.customerId, source: { prepayment_id: prepayment.id }, payment_account_id: c.accountId, date: today, amount: 5 })).id;
    },
  },
  '/api/v1/vendor-refunds': {
    make: async (c) => {
      const prepayment = await create('/api/v1/vendor-prepayments', { party_id: c.vendorId, date: today, payment_account_id: c.accountId, amount: 50 });
      return (await create('/api/v1/vendor-refunds', { party_id: c.vendorId, source: { vendor_prepayment_id: prepayment.id }, payment_account_id: c.accountId, date: today, amount: 5 })).id;
    },
  },
  '/api/v1/receipts': {
    bodies: { 'receipts.allocate': { allocations: [{ document_id: '00000000-0000-4000-8000-000000000001', amount: 1 }] } },
    make: async (c) => {
      const invoice = await create('/api/v1/invoices', { customer_id: c.customerId, invoice_date: today, lines: line });
      const receipt = await create('/api/v1/receipts', { party_id: c.customerId, date: today, payment_account_id: c.accountId, allocations: [{ document_id: invoice.id, amount: 30 }] });
      return `${receipt.id}|/api/v1/invoices/${invoice.id}`;
    },
  },
  '/api/v1/payments': {
    make: async (c) => {
      const bill = await create('/api/v1/bills', { vendor_id: c.vendorId, bill_date: today, lines: line });
      return (await create('/api/v1/payments', { party_id: c.vendorId, date: today, payment_account_id: c.accountId, allocations: [{ document_id: bill.id, amount: 30 }] })).id;
    },
    bodies: { 'payments.allocate': { allocations: [{ document_id: '00000000-0000-4000-8000-000000000001', amount: 1 }] } },
  },
  '/api/v1/api-keys': {
    // An API key has no GET of its own; the list shows whether it was revoked.
    make: async () => `${(await create('/api/v1/api-keys', { name: uniqueName('Tenant key'), scopes: ['sales_customers:read'] })).id}|/api/v1/api-keys?page_size=200`,
  },
  '/api/v1/webhooks/endpoints': {
    make: async () => (await create('/api/v1/webhooks/endpoints', { url: 'http://127.0.0.1:9/hook', events: ['ping'] })).id,
    bodies: { PATCH: { description: 'Taken over' } },
  },
  '/api/v1/webhooks/deliveries': {
    make: async () => {
      const endpoint = await create('/api/v1/webhooks/endpoints', { url: 'http://127.0.0.1:9/hook', events: ['vendor.created'] });
      await create('/api/v1/vendors', { name: uniqueName('Delivery trigger') });
      let deliveryId: string | undefined;
      for (let tries = 0; !deliveryId && tries < 100; tries++) {
        deliveryId = (await call('GET', `/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`, { key: businessA.api_key })).body.data.items[0]?.id;
        if (!deliveryId) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return `${deliveryId}|/api/v1/webhooks/endpoints/${endpoint.id}`;
    },
  },
  '/api/v1/credit-allocations': { make: (c) => appliedCredit({ path: 'invoices', body: { customer_id: c.customerId, invoice_date: today } }, { path: 'credit-notes', body: { customer_id: c.customerId, date: today } }) },
  '/api/v1/vendor-credit-allocations': { make: (c) => appliedCredit({ path: 'bills', body: { vendor_id: c.vendorId, bill_date: today } }, { path: 'vendor-credits', body: { vendor_id: c.vendorId, date: today } }) },
  '/api/v1/prepayment-allocations': { make: (c) => appliedCredit({ path: 'invoices', body: { customer_id: c.customerId, invoice_date: today } }, { path: 'prepayments', body: { party_id: c.customerId, date: today, payment_account_id: c.accountId, amount: 50 } }) },
  '/api/v1/vendor-prepayment-allocations': { make: (c) => appliedCredit({ path: 'bills', body: { vendor_id: c.vendorId, bill_date: today } }, { path: 'vendor-prepayments', body: { party_id: c.vendorId, date: today, payment_account_id: c.accountId, amount: 50 } }) },
};

/** A route over any collection (a record's history) is tried on customers. */
const pathOf = (route: RouteRow) => route.path.replace('{collection}', 'customers');
const collectionOf = (route: RouteRow) => pathOf(route).slice(0, pathOf(route).indexOf('/{id}'));
// Bearer routes: the pages of the OAuth flow check a session's own grants instead (see oauth.test.ts).
const idRoutes = routes.filter((route) => route.auth === 'bearer' && route.path.includes('{id}'));
/** Reports of one record named in the query (an account's general ledger): B asking with A's id, as with an unknown one. */
const recordQueries: Record<string, (context: Context) => string> = { 'generalLedger.get': (c) => `account_id=${c.accountId}` };
const listRoutes = routes.filter((route) => route.method === 'GET' && route.auth === 'bearer' && !route.path.includes('{') && !(route.id in recordQueries));

describe('tenancy', () => {
  const recordsOfA = new Map<string, { id: string; snapshot: unknown }>();
  const readBack = (collection: string, id: string) => {
    const [recordId, witness] = id.split('|');
    // A record with no GET of its own (an allocation, a delivery) is witnessed by the record it acts on.
    // An endpoint's circuit moves with its deliveries (this one's fail), not with anyone's request; a download link
    // is signed anew on each read: both left out.
    return call('GET', witness ?? `${collection}/${recordId}`, { key: businessA.api_key }).then((answer) => {
      const { circuit: _circuit, download_url: _url, download_expires_at: _expires, ...data } = answer.body.data ?? {};
      return { ...answer.body, data };
    });
  };

  let context: Context;
  beforeAll(async () => {
    context = {
      customerId: (await create('/api/v1/customers', { name: uniqueName('Context customer') })).id,
      vendorId: (await create('/api/v1/vendors', { name: uniqueName('Context vendor') })).id,
      accountId: (await create('/api/v1/bank-feeds/accounts', { name: uniqueName('Context account'), kind: 'bank' })).id,
    };
    for (const [collection, fixture] of Object.entries(fixtures)) {
      const id = await fixture.make(context);
      recordsOfA.set(collection, { id, snapshot: await readBack(collection, id) });
    }
  });

  it('has a fixture for every route that names a record', () => {
    for (const route of idRoutes) expect(fixtures[collectionOf(route)], route.id).toBeDefined();
  });

  it.each(idRoutes.map((route) => [route.id, route] as const))(
    "%s: another business's id is exactly an unknown id, and nothing changes",
    async (_id, route) => {
      const collection = collectionOf(route);
      const record = recordsOfA.get(collection)!;
      const recordId = record.id.split('|')[0]!;
      const bodies = fixtures[collection]?.bodies;
      const body = bodies?.[route.id] ?? bodies?.[route.method];
      const options = { key: businessB.api_key, ...(route.method === 'GET' ? {} : { body: body ?? {} }) };
      const foreign = await call(route.method, pathOf(route).replace('{id}', recordId), options);
      const unknown = await call(route.method, pathOf(route).replace('{id}', '00000000-0000-4000-8000-000000000000'), options);
      expect(foreign.status, foreign.text).toBe(404);
      expect(foreign.text).toBe(unknown.text);
      expect(await readBack(collection, record.id)).toEqual(record.snapshot);
    },
  );

  it.each(listRoutes.map((route) => [route.id, route] as const))("%s: never lists another business's records", async (_id, route) => {
    const answer = await call('GET', route.path, { key: businessB.api_key });
    expect(answer.status).toBe(200);
    // A file (an export's JSON lines) is read as its text.
    const listed = answer.headers.get('content-type')?.startsWith('application/json') ? JSON.stringify(answer.body.data) : answer.text;
    for (const { id } of recordsOfA.values()) for (const part of id.split('|')) expect(listed).not.toContain(part);
  });

  it.each(Object.entries(recordQueries))("%s: answers another business's record as it answers an unknown one", async (id, query) => {
    const route = routes.find((candidate) => candidate.id === id)!;
    const own = await call('GET', `${route.path}?${query(context)}`, { key: businessA.api_key });
    expect(own.status, own.text).toBe(200);
    const foreign = await call('GET', `${route.path}?${query(context)}`, { key: businessB.api_key });
    const unknown = await call('GET', `${route.path}?${query({ ...context, accountId: '00000000-0000-4000-8000-000000000000' })}`, { key: businessB.api_key });
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.text).toBe(unknown.text);
  });

  it('takes the business from the credential, never from the request', async () => {
    const created = await call('POST', '/api/v1/customers', { key: businessB.api_key, body: { name: uniqueName('Mine') }, headers: { 'x-business-id': businessA.id } });
    expect(created.status).toBe(201);
    expect((await call('GET', `/api/v1/customers/${created.body.data.id}`, { key: businessA.api_key })).status).toBe(404);
    expect((await call('GET', `/api/v1/customers/${created.body.data.id}`, { key: businessB.api_key })).status).toBe(200);
  });
});
