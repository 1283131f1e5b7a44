import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_RATE } from '../../shared/ledger/exchange.ts';
import { routes } from '../../functions/routes.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { call, freshBusiness, outboxOf } from '../integration/support.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

async function created(business: Business, path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await call('POST', path, { key: business.key, body, headers });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data;
}

async function read(business: Business, path: string) {
  const answer = await call('GET', path, { key: business.key });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

/** The business's accounts by code, and the system accounts by role. */
async function chart(business: Business) {
  const accounts = (await read(business, '/api/v1/accounts')) as { id: string; code: string | null; system_role: string | null; name: string }[];
  const role = (name: string) => accounts.find((account) => account.system_role === name)!.id;
  return { accounts, role };
}

async function world(currency = 'USD') {
  const business = await freshBusiness({ currency });
  const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd', email: 'ada@example.test' })).id as string;
  const vendor = (await created(business, '/api/v1/vendors', { name: 'Paper Ltd' })).id as string;
  const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank' })).id as string;
  const rent = (await created(business, '/api/v1/accounts', { code: '4100', name: 'Rent income', type: 'revenue' })).id as string;
  const software = (await created(business, '/api/v1/accounts', { code: '6100', name: 'Software', type: 'expense' })).id as string;
  return { business, customer, vendor, bank, rent, software };
}

const expectProblem = (answer: { status: number; body: any; text: string }, status: number, field: string) => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body.details.map((detail: { field: string }) => detail.field), answer.text).toContain(field);
};

describe('business profile', () => {
  it('reads the profile with any credential, changes it with settings_business:manage, and names every bad field', async () => {
    const business = await freshBusiness({ currency: 'GBP' });
    const viewer = await freshBusinessKey(business, ['sales_invoices:read']);
    const profile = await call('GET', '/api/v1/business', { key: viewer });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.data).toMatchObject({ id: business.id, base_currency: 'GBP', fiscal_year_start_month: 1, lock_date: null, legal_name: null, address: null });
    expect((await call('PATCH', '/api/v1/business', { key: viewer, body: { phone: '1' } })).status).toBe(403);

    const patched = await call('PATCH', '/api/v1/business', { key: business.key, body: { legal_name: 'Test Ltd', tax_number: 'GB123', address: { line1: '1 High St', city: 'Leeds', country: 'GB' }, payment_instructions: 'Sort code 00-00-00', fiscal_year_start_month: 4, base_currency: 'EUR' } });
    expect(patched.status, patched.text).toBe(200);
    expect(await read(business, '/api/v1/business')).toMatchObject({ legal_name: 'Test Ltd', tax_number: 'GB123', address: { line1: '1 High St', city: 'Leeds', country: 'GB' }, fiscal_year_start_month: 4, base_currency: 'EUR' });
    for (const [body, field] of [[{ fiscal_year_start_month: 13 }, 'fiscal_year_start_month'], [{ email: 'nope' }, 'email'], [{ base_currency: 'XXY' }, 'base_currency'], [{ lock_date: '2026-01-01' }, 'lock_date'], [{ address: { planet: 'Mars' } }, 'address.planet']] as const) {
      expectProblem(await call('PATCH', '/api/v1/business', { key: business.key, body }), 400, field);
    }
    expect(await read(business, '/api/v1/business')).toMatchObject({ fiscal_year_start_month: 4, base_currency: 'EUR' });
  });

  it('fixes the home currency once anything is posted (409), and the financial year moves the default profit and loss period', async () => {
    const { business, customer } = await world();
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-15', lines: [{ description: 'A', quantity: 1, unit_price: 100 }] });
    const refused = await call('PATCH', '/api/v1/business', { key: business.key, body: { base_currency: 'EUR' } });
    expect(refused.status, refused.text).toBe(409);
    expect((await call('PATCH', '/api/v1/business', { key: business.key, body: { base_currency: 'USD', fiscal_year_start_month: 4 } })).status).toBe(200);
    const profit = await read(business, '/api/v1/reports/profit-and-loss?to=2026-03-31');
    expect(profit.from).toBe('2025-04-01');
    const sheet = await read(business, '/api/v1/reports/balance-sheet?as_of=2026-05-01');
    const equity = sheet.currencies[0].equity.map((line: { name: string; amount: number }) => [line.name, line.amount]);
    expect(equity).toEqual([['Retained earnings', 100]]);
  });
});

async function freshBusinessKey(business: Business, scopes: string[]): Promise<string> {
  const answer = await call('POST', '/api/v1/api-keys', { key: business.key, body: { name: 'limited', scopes } });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data.key;
}

describe('chart of accounts', () => {
  it('adds accounts with unique codes, lists them in code order after the bank accounts, reads and changes one', async () => {
    const { business, rent, software, bank } = await world();
    const { accounts } = await chart(business);
    expect(accounts[0]!.id).toBe(bank);
    const codes = accounts.slice(1).map((account) => account.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['4100', '6100', '1100', '4000']));
    expect(await read(business, `/api/v1/accounts/${rent}`)).toMatchObject({ code: '4100', name: 'Rent income', type: 'revenue', archived: false, description: null, system_role: null });

    expect((await call('POST', '/api/v1/accounts', { key: business.key, body: { code: '4100', name: 'Again', type: 'revenue' } })).status).toBe(409);
    expect((await call('POST', '/api/v1/accounts', { key: business.key, body: { code: '1100', name: 'Shadow receivables', type: 'asset' } })).status).toBe(409);
    expectProblem(await call('POST', '/api/v1/accounts', { key: business.key, body: { code: '7000', name: 'X', type: 'income' } }), 400, 'type');
    expectProblem(await call('POST', '/api/v1/accounts', { key: business.key, body: { code: 'a b', name: 'X', type: 'expense' } }), 400, 'code');
    expect((await call('GET', `/api/v1/accounts/${crypto.randomUUID()}`, { key: business.key })).status).toBe(404);

    const renamed = await call('PATCH', `/api/v1/accounts/${software}`, { key: business.key, body: { name: 'Software subscriptions', code: '6150', description: 'SaaS' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Software subscriptions', code: '6150', description: 'SaaS' });
    // The old code is free again; the new one is taken.
    await created(business, '/api/v1/accounts', { code: '6100', name: 'Hosting', type: 'expense' });
    expect((await call('POST', '/api/v1/accounts', { key: business.key, body: { code: '6150', name: 'Again', type: 'expense' } })).status).toBe(409);
  });

  it('refuses the 1,001st account (409) and writes nothing', async () => {
    const business = await freshBusiness();
    // Filling a chart to its bound over HTTP would take a thousand requests: the account counter is set to it instead.
    const { db, tableName } = await import('../../shared/platform/db/client.ts');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { counterKey } = await import('../../shared/platform/db/keys.ts');
    const { MAX_ACCOUNTS } = await import('../../shared/ledger/chart-rules.ts');
    const before = (await chart(business)).accounts.length;
    await db().send(new UpdateCommand({ TableName: tableName(), Key: counterKey(business.id as Id, 'ACCOUNT'), UpdateExpression: 'SET #count = :full', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':full': MAX_ACCOUNTS } }));
    const refused = await call('POST', '/api/v1/accounts', { key: business.key, body: { code: '9999', name: 'One too many', type: 'expense' } });
    expect(refused.status, refused.text).toBe(409);
    expect((await chart(business)).accounts.length).toBe(before);
  });

  it('renames system and bank accounts but never retypes or archives them; an account with postings keeps its type', async () => {
    const { business, bank, customer, rent } = await world();
    const { role } = await chart(business);
    const sales = role('sales_revenue');
    expect((await call('PATCH', `/api/v1/accounts/${sales}`, { key: business.key, body: { name: 'Revenue' } })).status).toBe(200);
    expectProblem(await call('PATCH', `/api/v1/accounts/${sales}`, { key: business.key, body: { type: 'expense' } }), 400, 'type');
    expectProblem(await call('PATCH', `/api/v1/accounts/${sales}`, { key: business.key, body: { archived: true } }), 400, 'archived');
    expectProblem(await call('PATCH', `/api/v1/accounts/${bank}`, { key: business.key, body: { archived: true } }), 400, 'archived');
    expectProblem(await call('PATCH', `/api/v1/accounts/${bank}`, { key: business.key, body: { type: 'liability' } }), 400, 'type');
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-02-01', lines: [{ description: 'Flat', quantity: 1, unit_price: 500, account_id: rent }] });
    expectProblem(await call('PATCH', `/api/v1/accounts/${rent}`, { key: business.key, body: { type: 'equity' } }), 400, 'type');
    const fresh = (await created(business, '/api/v1/accounts', { code: '3900', name: 'Drawings', type: 'equity' })).id;
    expect((await call('PATCH', `/api/v1/accounts/${fresh}`, { key: business.key, body: { type: 'liability' } })).body.data.type).toBe('liability');
  });

  it('posts lines to the accounts they or their items name, refuses the wrong kind by line, and refuses an archived account', async () => {
    const { business, customer, vendor, rent, software } = await world();
    const { role } = await chart(business);
    const item = (await created(business, '/api/v1/items', { name: 'Licence', type: 'service', sales_account_id: rent, purchase_account_id: software })).id;
    expectProblem(await call('POST', '/api/v1/items', { key: business.key, body: { name: 'Bad', type: 'service', sales_account_id: software } }), 400, 'sales_account_id');
    const invoice = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-02-01', lines: [{ description: 'By item', quantity: 1, unit_price: 100, item_id: item, tax_rate: 10 }, { description: 'Default', quantity: 1, unit_price: 50 }] });
    expect(invoice.lines.map((line: { account_id: string | null }) => line.account_id)).toEqual([rent, null]);
    const entry = (await read(business, `/api/v1/journal-entries?document_id=${invoice.id}`)).items[0];
    expect(entry.lines).toEqual([
      { account_id: role('accounts_receivable'), debit: 160, credit: 0, base_debit: 160, base_credit: 0, tracking: [] },
      { account_id: rent, debit: 0, credit: 100, base_debit: 0, base_credit: 100, tracking: [] },
      { account_id: role('sales_revenue'), debit: 0, credit: 50, base_debit: 0, base_credit: 50, tracking: [] },
      { account_id: role('tax_payable'), debit: 0, credit: 10, base_debit: 0, base_credit: 10, tracking: [] },
    ]);
    const bill = await created(business, '/api/v1/bills', { vendor_id: vendor, bill_date: '2026-02-02', lines: [{ description: 'Seats', quantity: 2, unit_price: 30, item_id: item }] });
    expect((await read(business, `/api/v1/journal-entries?document_id=${bill.id}`)).items[0].lines[0]).toEqual({ account_id: software, debit: 60, credit: 0, base_debit: 60, base_credit: 0, tracking: [] });

    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-02-01', lines: [{ description: 'A', quantity: 1, unit_price: 1 }, { description: 'B', quantity: 1, unit_price: 1, account_id: software }] } }), 400, 'lines[1].account_id');
    expectProblem(await call('POST', '/api/v1/bills', { key: business.key, body: { vendor_id: vendor, bill_date: '2026-02-01', lines: [{ description: 'A', quantity: 1, unit_price: 1, account_id: role('accounts_payable') }] } }), 400, 'lines[0].account_id');

    expect((await call('PATCH', `/api/v1/accounts/${rent}`, { key: business.key, body: { archived: true } })).body.data.archived).toBe(true);
    const before = (await read(business, '/api/v1/invoices')).pagination.total_count;
    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-02-01', lines: [{ description: 'A', quantity: 1, unit_price: 1, account_id: rent }] } }), 400, 'lines[0].account_id');
    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-02-01', lines: [{ description: 'A', quantity: 1, unit_price: 1, item_id: item }] } }), 400, 'lines[0].item_id');
    expectProblem(await call('POST', '/api/v1/journals', { key: business.key, body: { date: '2026-02-01', narration: 'x', lines: [{ account_id: rent, debit: 1 }, { account_id: software, credit: 1 }] } }), 400, 'lines[0].account_id');
    expect((await read(business, '/api/v1/invoices')).pagination.total_count).toBe(before);
    // Unarchived, it takes postings again.
    await call('PATCH', `/api/v1/accounts/${rent}`, { key: business.key, body: { archived: false } });
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-02-01', lines: [{ description: 'A', quantity: 1, unit_price: 1, account_id: rent }] });
  });
});

describe('manual journals', () => {
  it('posts MJ-00001 gaplessly, moves the balances, fires journal.created, pages by date then number, and voids', async () => {
    const { business, rent, software, bank } = await world();
    const first = await created(business, '/api/v1/journals', { date: '2026-03-31', narration: 'Accrue March software', lines: [{ account_id: software, debit: 250, description: 'March' }, { account_id: bank, credit: 250 }] });
    expect(first).toMatchObject({ no: 'MJ-00001', status: 'posted', currency: 'USD', total: 250, lines: [{ account_id: software, debit: 250, credit: 0, description: 'March' }, { account_id: bank, debit: 0, credit: 250, description: null }] });
    const second = await created(business, '/api/v1/journals', { date: '2026-01-15', narration: 'Reclass', lines: [{ account_id: rent, debit: 10 }, { account_id: software, credit: 4 }, { account_id: software, credit: 6 }] });
    expect(second.no).toBe('MJ-00002');
    const listed = await read(business, '/api/v1/journals?page_size=1');
    expect(listed.items.map((item: { no: string }) => item.no)).toEqual(['MJ-00002']);
    expect(listed.pagination).toMatchObject({ total_count: 2, has_next: true });
    expect((await read(business, '/api/v1/journals?from=2026-02-01')).items.map((item: { no: string }) => item.no)).toEqual(['MJ-00001']);
    expect(await read(business, `/api/v1/journals/${first.id}`)).toEqual(first);
    const balance = async () => (await read(business, '/api/v1/reports/trial-balance?as_of=2026-12-31')).currencies[0].accounts.find((row: { account_id: string }) => row.account_id === software);
    expect(await balance()).toMatchObject({ debit: 240, credit: 0 });

    const voided = await call('POST', `/api/v1/journals/${first.id}/void`, { key: business.key });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'voided', no: 'MJ-00001' });
    expect((await call('POST', `/api/v1/journals/${first.id}/void`, { key: business.key })).status).toBe(409);
    const entries = (await read(business, `/api/v1/journal-entries?document_id=${first.id}`)).items;
    expect(entries).toHaveLength(2);
    expect(entries[1].reverses).toBe(entries[0].id);
    const events = (await outboxOf(business.id)).map((event) => event.type);
    expect(events.filter((type) => type === 'journal.created')).toHaveLength(2);
    expect(events.filter((type) => type === 'journal.voided')).toHaveLength(1);
  });

  it('refuses bad lines by their field and writes nothing; replays an Idempotency-Key', async () => {
    const { business, rent, software } = await world();
    const { role } = await chart(business);
    const post = (body: unknown) => call('POST', '/api/v1/journals', { key: business.key, body });
    const base = { date: '2026-03-01', narration: 'x' };
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 1 }] }), 400, 'lines');
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 1 }, { account_id: software, credit: 2 }] }), 400, 'lines');
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 1, credit: 1 }, { account_id: software, credit: 1 }] }), 400, 'lines[0]');
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 0 }, { account_id: software, credit: 0 }] }), 400, 'lines[0]');
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 1.001 }, { account_id: software, credit: 1.001 }] }), 400, 'lines[0].debit');
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 1 }, { account_id: software, credit: 1 }, { account_id: rent, debit: 1 }, { account_id: role('accounts_receivable'), credit: 1 }] }), 400, 'lines[3].account_id');
    expectProblem(await post({ ...base, lines: [{ account_id: rent, debit: 1 }, { account_id: crypto.randomUUID(), credit: 1 }] }), 400, 'lines[1].account_id');
    expectProblem(await post({ ...base, lines: Array.from({ length: 101 }, (_, index) => ({ account_id: index % 2 ? rent : software, debit: 1 })) }), 400, 'lines');
    expect((await read(business, '/api/v1/journals')).pagination.total_count).toBe(0);

    const body = { ...base, lines: [{ account_id: rent, debit: 5 }, { account_id: software, credit: 5 }] };
    const once = await created(business, '/api/v1/journals', body, { 'idempotency-key': 'mj-1' });
    expect(await created(business, '/api/v1/journals', body, { 'idempotency-key': 'mj-1' })).toEqual(once);
    expect((await call('POST', '/api/v1/journals', { key: business.key, body: { ...body, narration: 'other' }, headers: { 'idempotency-key': 'mj-1' } })).status).toBe(422);
    expect((await read(business, '/api/v1/journals')).pagination.total_count).toBe(1);
  });
});

describe('documents through the one posting path', () => {
  it('replays a document for a repeated Idempotency-Key, refuses another body with it (422), and numbers only once', async () => {
    const { business, customer } = await world();
    const body = { customer_id: customer, invoice_date: '2026-04-01', lines: [{ description: 'Once', quantity: 1, unit_price: 40 }] };
    const first = await created(business, '/api/v1/invoices', body, { 'idempotency-key': 'inv-1' });
    expect(await created(business, '/api/v1/invoices', body, { 'idempotency-key': 'inv-1' })).toEqual(first);
    expect((await call('POST', '/api/v1/invoices', { key: business.key, body: { ...body, reference: 'other' }, headers: { 'idempotency-key': 'inv-1' } })).status).toBe(422);
    const next = await created(business, '/api/v1/invoices', body);
    expect([first.no, next.no]).toEqual(['INV-00001', 'INV-00002']);
  });
});

describe('lock date', () => {
  it('moves later with finance_ledger:update, earlier or cleared only with settings_business:manage, and fires business.lock_date_changed each time', async () => {
    const business = await freshBusiness();
    const accountant = await freshBusinessKey(business, ['finance_ledger:update', 'finance_ledger:read']);
    const put = (key: string, lock_date: string | null) => call('PUT', '/api/v1/business/lock-date', { key, body: { lock_date } });
    expect((await put(accountant, '2026-03-31')).body.data.lock_date).toBe('2026-03-31');
    expect((await put(accountant, '2026-06-30')).status).toBe(200);
    expect((await put(accountant, '2026-06-30')).body.data.lock_date).toBe('2026-06-30');
    const earlier = await put(accountant, '2026-01-31');
    expect(earlier.status, earlier.text).toBe(403);
    expect(earlier.body.error).toBe('insufficient_scope');
    expect((await put(accountant, null)).status).toBe(403);
    expect((await put(business.key, '2026-01-31')).status).toBe(200);
    expect((await put(business.key, null)).body.data.lock_date).toBeNull();
    expectProblem(await put(business.key, '2026-02-30'), 400, 'lock_date');
    const changes = (await outboxOf(business.id)).filter((event) => event.type === 'business.lock_date_changed').map((event) => event.data);
    expect(changes).toEqual([
      { lock_date: '2026-03-31', previous_lock_date: null },
      { lock_date: '2026-06-30', previous_lock_date: '2026-03-31' },
      { lock_date: '2026-01-31', previous_lock_date: '2026-06-30' },
      { lock_date: null, previous_lock_date: '2026-01-31' },
    ]);
  });

  it('refuses postings on or before it and voids of postings dated so, 409 period_locked naming the date field, writing nothing (no idempotency record either)', async () => {
    const { business, customer, bank, rent, software } = await world();
    const invoice = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-30', due_date: '2026-07-30', lines: [{ description: 'A', quantity: 1, unit_price: 100 }] });
    const later = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-07-01', lines: [{ description: 'B', quantity: 1, unit_price: 100 }] });
    const receipt = await created(business, '/api/v1/receipts', { party_id: customer, date: '2026-06-15', payment_account_id: bank, allocations: [{ document_id: later.id, amount: 10 }] });
    expect((await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: '2026-06-30' } })).status).toBe(200);
    const entries = async () => (await read(business, '/api/v1/journal-entries')).pagination.total_count;
    const before = await entries();

    const locked = await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-06-30', lines: [{ description: 'C', quantity: 1, unit_price: 1 }] } });
    expect(locked.status, locked.text).toBe(409);
    expect(locked.body).toEqual({ error: 'period_locked', error_description: 'invoice_date: on or before the lock date 2026-06-30', details: [{ field: 'invoice_date', message: 'on or before the lock date 2026-06-30' }] });
    expect((await call('POST', `/api/v1/invoices/${invoice.id}/void`, { key: business.key })).body.details).toEqual([{ field: 'invoice_date', message: 'on or before the lock date 2026-06-30' }]);
    expect((await call('POST', `/api/v1/receipts/${receipt.id}/void`, { key: business.key })).status).toBe(409);
    const journal = { date: '2026-01-01', narration: 'Opening', lines: [{ account_id: rent, debit: 1 }, { account_id: software, credit: 1 }] };
    expect((await call('POST', '/api/v1/journals', { key: business.key, body: journal, headers: { 'idempotency-key': 'locked-1' } })).status).toBe(409);
    expect(await entries()).toBe(before);
    // The refusal kept no answer for its key: once the period reopens, the same key posts.
    await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: null } });
    expect((await created(business, '/api/v1/journals', journal, { 'idempotency-key': 'locked-1' })).no).toBe('MJ-00001');
    // After the lock date, postings go on.
    await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: '2026-06-30' } });
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-07-01', lines: [{ description: 'D', quantity: 1, unit_price: 1 }] });
  });

  it('every posting route of the route table refuses a date inside the locked period', async () => {
    const w = await world();
    const { business, customer, vendor, bank, rent, software } = w;
    const date = '2026-05-01';
    const note = await created(business, '/api/v1/credit-notes', { customer_id: customer, date, lines: [{ description: 'Credit', quantity: 1, unit_price: 10 }] });
    const open = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: date, lines: [{ description: 'A', quantity: 1, unit_price: 100 }] });
    const bill = await created(business, '/api/v1/bills', { vendor_id: vendor, bill_date: date, lines: [{ description: 'A', quantity: 1, unit_price: 100 }] });
    const allocation = (await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date, allocations: [{ document_id: open.id, amount: 5 }] })).allocations[0];
    const vendorCredit = await created(business, '/api/v1/vendor-credits', { vendor_id: vendor, date, lines: [{ description: 'Credit', quantity: 1, unit_price: 10 }] });
    const vendorAllocation = (await created(business, `/api/v1/vendor-credits/${vendorCredit.id}/allocations`, { date, allocations: [{ document_id: bill.id, amount: 5 }] })).allocations[0];
    const receipt = await created(business, '/api/v1/receipts', { party_id: customer, date, payment_account_id: bank, allocations: [{ document_id: open.id, amount: 5 }] });
    const payment = await created(business, '/api/v1/payments', { party_id: vendor, date, payment_account_id: bank, allocations: [{ document_id: bill.id, amount: 5 }] });
    // Money beyond its allocations, and prepayments: their credit, its application and the voids of both.
    const overpaid = await created(business, '/api/v1/receipts', { party_id: customer, date, payment_account_id: bank, amount: 20, allocations: [{ document_id: open.id, amount: 5 }] });
    const overpaidVendor = await created(business, '/api/v1/payments', { party_id: vendor, date, payment_account_id: bank, amount: 20, allocations: [{ document_id: bill.id, amount: 5 }] });
    const prepayment = await created(business, '/api/v1/prepayments', { party_id: customer, date, payment_account_id: bank, amount: 10 });
    const vendorPrepayment = await created(business, '/api/v1/vendor-prepayments', { party_id: vendor, date, payment_account_id: bank, amount: 10 });
    const prepaymentAllocation = (await created(business, `/api/v1/prepayments/${prepayment.id}/allocations`, { date, allocations: [{ document_id: open.id, amount: 1 }] })).allocations[0];
    const vendorPrepaymentAllocation = (await created(business, `/api/v1/vendor-prepayments/${vendorPrepayment.id}/allocations`, { date, allocations: [{ document_id: bill.id, amount: 1 }] })).allocations[0];
    const unappliedPrepayment = await created(business, '/api/v1/prepayments', { party_id: customer, date, payment_account_id: bank, amount: 10 });
    const unappliedVendorPrepayment = await created(business, '/api/v1/vendor-prepayments', { party_id: vendor, date, payment_account_id: bank, amount: 10 });
    const refund = await created(business, '/api/v1/refunds', { party_id: customer, source: { prepayment_id: prepayment.id }, payment_account_id: bank, date, amount: 1 });
    const vendorRefund = await created(business, '/api/v1/vendor-refunds', { party_id: vendor, source: { vendor_prepayment_id: vendorPrepayment.id }, payment_account_id: bank, date, amount: 1 });
    const journal = await created(business, '/api/v1/journals', { date, narration: 'x', lines: [{ account_id: rent, debit: 1 }, { account_id: software, credit: 1 }] });
    const documents: Record<string, { id: string }> = {};
    const line = [{ description: 'L', quantity: 1, unit_price: 1 }];
    const bodies: Record<string, unknown> = {
      'invoices.create': { customer_id: customer, invoice_date: date, lines: line },
      'bills.create': { vendor_id: vendor, bill_date: date, lines: line },
      'creditNotes.create': { customer_id: customer, date, lines: line },
      'vendorCredits.create': { vendor_id: vendor, date, lines: line },
      'debitNotes.create': { customer_id: customer, date, lines: line },
      'cashSales.create': { customer_id: customer, date, payment_account_id: bank, lines: line },
      'expenses.create': { vendor_id: vendor, date, payment_account_id: bank, lines: line },
      'receipts.create': { party_id: customer, date, payment_account_id: bank, allocations: [{ document_id: open.id, amount: 1 }] },
      'payments.create': { party_id: vendor, date, payment_account_id: bank, allocations: [{ document_id: bill.id, amount: 1 }] },
      'creditNotes.allocate': { date, allocations: [{ document_id: open.id, amount: 1 }] },
      'vendorCredits.allocate': { date, allocations: [{ document_id: bill.id, amount: 1 }] },
      'prepayments.create': { party_id: customer, date, payment_account_id: bank, amount: 1 },
      'vendorPrepayments.create': { party_id: vendor, date, payment_account_id: bank, amount: 1 },
      'prepayments.allocate': { date, allocations: [{ document_id: open.id, amount: 1 }] },
      'vendorPrepayments.allocate': { date, allocations: [{ document_id: bill.id, amount: 1 }] },
      'receipts.allocate': { date, allocations: [{ document_id: open.id, amount: 1 }] },
      'refunds.create': { party_id: customer, source: { prepayment_id: prepayment.id }, payment_account_id: bank, date, amount: 1 },
      'vendorRefunds.create': { party_id: vendor, source: { vendor_prepayment_id: vendorPrepayment.id }, payment_account_id: bank, date, amount: 1 },
      'payments.allocate': { date, allocations: [{ document_id: bill.id, amount: 1 }] },
      'journals.create': { date, narration: 'x', lines: [{ account_id: rent, debit: 1 }, { account_id: software, credit: 1 }] },
    };
    // Documents nothing settles, so that only the lock date stands in the way of their voids.
    for (const [type, path] of [['invoices', 'invoices'], ['bills', 'bills'], ['creditNotes', 'credit-notes'], ['vendorCredits', 'vendor-credits'], ['debitNotes', 'debit-notes'], ['cashSales', 'cash-sales'], ['expenses', 'expenses']] as const) documents[type] = await created(business, `/api/v1/${path}`, bodies[`${type}.create`]);
    const savings = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Savings', kind: 'bank' })).id as string;
    bodies['bankTransfers.create'] = { from_account_id: bank, to_account_id: savings, date, amount: 1 };
    const transfer = await created(business, '/api/v1/bank-feeds/transfers', bodies['bankTransfers.create']);
    const [toCategorize, toUndo] = (await created(business, `/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date, amount: -3 }, { date, amount: -4 }] })).added as { id: string }[];
    expect((await call('POST', `/api/v1/bank-feeds/lines/${toUndo!.id}/categorize`, { key: business.key, body: { account_id: software } })).status).toBe(200);
    bodies['bankLines.categorize'] = { account_id: software };
    // Drafts dated in the locked period: approval is the posting, refused as a direct creation would be.
    const drafts: Record<string, string> = {};
    for (const [type, path] of [['invoices', 'invoices'], ['bills', 'bills'], ['creditNotes', 'credit-notes'], ['vendorCredits', 'vendor-credits'], ['debitNotes', 'debit-notes'], ['cashSales', 'cash-sales'], ['expenses', 'expenses']] as const) {
      drafts[`${type}.approve`] = (await created(business, `/api/v1/${path}`, { ...(bodies[`${type}.create`] as object), status: 'draft' })).id as string;
    }
    // Estimates and orders converted with approve: the invoice or bill is the posting.
    for (const [route, path, party] of [['estimates.convert', 'estimates', { customer_id: customer }], ['salesOrders.convert', 'sales-orders', { customer_id: customer }], ['purchaseOrders.convert', 'purchase-orders', { vendor_id: vendor }]] as const) {
      drafts[route] = (await created(business, `/api/v1/${path}`, { ...party, date, lines: line })).id as string;
      bodies[route] = { approve: true, date };
    }
    drafts['journals.approve'] = (await created(business, '/api/v1/journals', { ...(bodies['journals.create'] as object), status: 'draft' })).id as string;
    const ids: Record<string, string> = { ...drafts, 'bankLines.categorize': toCategorize!.id, 'bankLines.undo': toUndo!.id, 'invoices.void': documents.invoices!.id, 'bills.void': documents.bills!.id, 'creditNotes.void': documents.creditNotes!.id, 'creditNotes.allocate': note.id, 'vendorCredits.void': documents.vendorCredits!.id, 'vendorCredits.allocate': vendorCredit.id, 'vendorCredits.voidAllocation': vendorAllocation.id, 'debitNotes.void': documents.debitNotes!.id, 'cashSales.void': documents.cashSales!.id, 'expenses.void': documents.expenses!.id, 'receipts.void': receipt.id, 'payments.void': payment.id, 'journals.void': journal.id, 'creditAllocations.void': allocation.id, 'bankTransfers.void': transfer.id, 'prepayments.allocate': prepayment.id, 'vendorPrepayments.allocate': vendorPrepayment.id, 'receipts.allocate': overpaid.id, 'payments.allocate': overpaidVendor.id, 'prepayments.voidAllocation': prepaymentAllocation.id, 'vendorPrepayments.voidAllocation': vendorPrepaymentAllocation.id, 'prepayments.void': unappliedPrepayment.id, 'vendorPrepayments.void': unappliedVendorPrepayment.id, 'refunds.void': refund.id, 'vendorRefunds.void': vendorRefund.id };
    // The opening balance of a bank account is booked the day it opens, so the period is locked through today for it.
    const today = new Date().toISOString().slice(0, 10);
    bodies['bankAccounts.create'] = { name: 'Locked', kind: 'bank', opening_balance: 10 };

    const marked = routes.filter((route) => 'contract' in route && 'posting' in route.contract && route.contract.posting);
    // The payout rail posts too; it is signed by a bank rather than called with a key (banking.test.ts walks it).
    expect(marked.filter((route) => route.auth !== 'bearer').map((route) => route.id)).toEqual(['rails.confirmPayout']);
    const posting = marked.filter((route) => route.auth === 'bearer');
    expect(posting.map((route) => route.id).sort()).toEqual([...Object.keys(bodies), ...Object.keys(ids), 'bills.importEInvoice'].filter((id, index, all) => all.indexOf(id) === index).sort());
    // Every other POST of the data API says why it posts nothing, so a new posting route cannot slip past this walk.
    const postsNothing = routes.filter((route) => route.method === 'POST' && route.auth === 'bearer' && !posting.includes(route)).map((route) => route.id).sort();
    expect(postsNothing).toEqual(NON_POSTING_POSTS);

    // A supplier's e-invoice of 2015 is sent as XML.
    const xmlBodies: Record<string, string> = { 'bills.importEInvoice': readFileSync(join(import.meta.dirname, '../einvoicing/examples/cii/CII_business_example_Z.xml'), 'utf8') };
    const vendorsBefore = (await read(business, '/api/v1/vendors')).pagination.total_count;
    for (const route of posting) {
      const lockDate = route.id === 'bankAccounts.create' ? today : '2026-05-31';
      await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: lockDate } });
      const path = route.path.replace('{id}', ids[route.id] ?? '');
      const xml = xmlBodies[route.id];
      const answer = await call('POST', path, { key: business.key, ...(xml ? { rawBody: xml, contentType: 'application/xml' } : { body: bodies[route.id] }) });
      expect(answer.status, `${route.id}: ${answer.text}`).toBe(409);
      expect(answer.body.error, route.id).toBe('period_locked');
    }
    // The e-invoice's vendor was not made either.
    expect((await read(business, '/api/v1/vendors')).pagination.total_count).toBe(vendorsBefore);
  });

  it('a lock date set between a posting’s read and its write fails the posting’s check, and the posting is decided again and refused', async () => {
    const { business, rent, software } = await world();
    const { post } = await import('../../shared/ledger/posting.ts');
    const { setLockDate } = await import('../../shared/access/businesses/profile.ts');
    const { SCOPES } = await import('../../shared/platform/http/scopes.ts');
    let attempts = 0;
    const attempt = post({
      businessId: business.id as Id,
      reads: [],
      decide: async () => {
        attempts++;
        // Another request moves the lock date over this posting's date after this attempt read the rules.
        if (attempts === 1) await setLockDate(business.id as Id, '2026-05-31', new Set(SCOPES));
        return transfer(rent, software);
      },
    });
    await expect(attempt).rejects.toMatchObject({ field: 'date', lockDate: '2026-05-31' });
    expect(attempts).toBe(2);
    expect((await read(business, '/api/v1/journal-entries')).pagination.total_count).toBe(0);
  });

  it('an account archived between a posting’s read of it and its write fails the posting’s check, and the posting is decided again and refused', async () => {
    const { business, rent, software } = await world();
    const { post } = await import('../../shared/ledger/posting.ts');
    const { updateAccount } = await import('../../shared/ledger/chart.ts');
    const { accountStore } = await import('../../shared/ledger/accounts.ts');
    const { journalAccountProblem } = await import('../../shared/ledger/chart-rules.ts');
    const { RuleViolation } = await import('../../shared/platform/core/errors.ts');
    let attempts = 0;
    const attempt = post({
      businessId: business.id as Id,
      reads: [],
      decide: async () => {
        attempts++;
        const problem = journalAccountProblem((await accountStore.get(business.id as Id, rent as Id))?.record, 'lines[0].account_id');
        if (problem) throw new RuleViolation([problem]);
        // Another request archives the account after this attempt found it live.
        if (attempts === 1) await updateAccount(business.id as Id, rent as Id, { archived: true });
        return transfer(rent, software);
      },
    });
    await expect(attempt).rejects.toMatchObject({ problems: [{ field: 'lines[0].account_id', message: 'is archived' }] });
    expect(attempts).toBe(2);
    expect((await read(business, '/api/v1/journal-entries')).pagination.total_count).toBe(0);
  });

  it('two postings racing a lock date: each either commits before it or is refused, never booked inside it after', async () => {
    const { business, customer } = await world();
    const postInvoice = () => call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-05-01', lines: [{ description: 'Race', quantity: 1, unit_price: 1 }] } });
    const [first, lock, second] = await Promise.all([postInvoice(), call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: '2026-05-31' } }), postInvoice()]);
    expect(lock.status).toBe(200);
    const committed = [first, second].filter((answer) => answer.status === 201).length;
    for (const answer of [first, second]) expect([201, 409]).toContain(answer.status);
    expect((await read(business, '/api/v1/invoices')).pagination.total_count).toBe(committed);
    // Once the lock date is in force, nothing more is booked inside it.
    expect((await postInvoice()).status).toBe(409);
  });
});

/** A posting of 0.01 from one account to another on 2026-05-01, as a plan's decision, for the race tests. */
function transfer(debited: string, credited: string) {
  const date = '2026-05-01';
  const lines = [{ account_id: debited as Id, debit: 1, credit: 0 }, { account_id: credited as Id, debit: 0, credit: 1 }];
  return { guards: [{ field: 'date', date }], records: () => {}, entries: [{ document_id: debited as Id, document_type: 'manual_journal', document_no: null, date, currency: 'USD', exchange_rate: HOME_RATE, lines, reverses: null }], events: [], audit: { action: 'created', record: { type: 'journal', id: debited, no: null }, changes: [] }, result: 'posted' };
}

/** POST routes of the data API that post nothing to the books, each for a reason a reader can check. */
const NON_POSTING_POSTS = [
  'accounts.create', // a chart entry
  'apiKeys.create',
  'attachments.create', // a file of evidence beside a record
  'auditLog.exportJobs.create', // a file of the audit log
  'bankImports.create', // statement lines, not postings: reconciliation posts them
  'bankLines.create',
  'bankLines.exclude', // a line marked, nothing posted
  'bankLines.match', // links postings already made; recording money on a match is the money route's posting
  'bankRules.create', // a standing instruction; what an auto rule posts goes through categorize
  'customers.create',
  'exchangeRates.create', // a rate for later postings; what is posted keeps its own
  'estimates.create', // estimates, orders and their voids move no account
  'estimates.void',
  'estimates.approve', // an approved estimate or order moves no account either
  'salesOrders.approve',
  'purchaseOrders.approve',
  'invoices.send', // an e-mail of a posted invoice
  'items.create',
  'members.create', // an invitation
  'payoutRails.create',
  'purchaseOrders.create',
  'recurringInvoices.create', // a schedule: its invoices are postings the service makes, locked occurrences skipped and listed
  'purchaseOrders.void',
  'reminders.sendNow',
  'salesOrders.create',
  'salesOrders.void',
  'statements.send', // an e-mail of what is posted
  'taxRates.create', // a rate for later lines
  'trackingCategories.create', // options for later lines
  'vendors.create',
  'webhookDeliveries.retry',
  'webhookEndpoints.create',
  'webhookEndpoints.ping',
  'webhookEndpoints.rotateSecret',
].sort();
