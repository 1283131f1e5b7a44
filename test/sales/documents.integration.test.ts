import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_SPECS, DOCUMENT_TYPES, isPrepaymentType, type DocumentType } from '../../shared/ledger/documents/specs.ts';
import { businessA, businessB, call, freshBusiness, outboxOf } from '../integration/support.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

interface Parties {
  customerId: string;
  vendorId: string;
  accountId: string;
}

async function setUp(currency = 'USD'): Promise<Business & Parties> {
  const business = await freshBusiness({ currency });
  const post = async (path: string, body: unknown) => (await call('POST', path, { key: business.key, body })).body.data.id as string;
  return {
    ...business,
    customerId: await post('/api/v1/customers', { name: 'Customer' }),
    vendorId: await post('/api/v1/vendors', { name: 'Vendor' }),
    accountId: await post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' }),
  };
}

function bodyFor(type: DocumentType, parties: Parties, lines: unknown[] = [{ description: 'Work', quantity: 2, unit_price: 100.25, tax_rate: 20 }]) {
  const spec = DOCUMENT_SPECS[type];
  return {
    [`${spec.party}_id`]: spec.party === 'customer' ? parties.customerId : parties.vendorId,
    [spec.dateField]: '2026-11-01',
    ...(spec.paidFromAccount ? { payment_account_id: parties.accountId } : {}),
    lines,
  };
}

async function post(business: Business, type: DocumentType, body: unknown) {
  return call('POST', `/api/v1/${DOCUMENT_SPECS[type].path}`, { key: business.key, body });
}

async function journalOf(business: Business, documentId: string) {
  return (await call('GET', `/api/v1/journal-entries?document_id=${documentId}`, { key: business.key })).body.data.items as { lines: { debit: number; credit: number }[]; reverses: string | null }[];
}

const sumOf = (lines: { debit: number; credit: number }[], side: 'debit' | 'credit') => Math.round(lines.reduce((sum, line) => sum + line[side] * 1000, 0));

// Documents made of lines. Credit held as money (a prepayment) is recorded with an amount, not lines:
// test/cash/customer-credit.integration.test.ts walks it.
describe.each(DOCUMENT_TYPES.filter((type) => !isPrepaymentType(type)).map((type) => [type]))('%s', (type) => {
  const spec = DOCUMENT_SPECS[type];
  let business: Business & Parties;
  beforeAll(async () => {
    business = await setUp();
  });

  it('is numbered, totalled in minor units, stored, and announced in the outbox with its GET payload', async () => {
    const created = await post(business, type, bodyFor(type, business));
    expect(created.status, created.text).toBe(201);
    const document = created.body.data;
    expect(document).toMatchObject({ type, no: `${spec.prefix}-00001`, subtotal: 200.5, tax_total: 40.1, total: 240.6, currency: 'USD' });
    expect(document.lines[0]).toMatchObject({ amount: 200.5, tax_amount: 40.1 });
    const read = await call('GET', `/api/v1/${spec.path}/${document.id}`, { key: business.key });
    expect(read.body.data).toEqual(document);
    const events = (await outboxOf(business.id)).filter((event) => (event.data as { id?: string }).id === document.id);
    expect(events.map((event) => event.type)).toEqual([spec.created]);
    expect(events[0]!.data).toEqual(document);
  });

  it(spec.posting === 'none' ? 'posts no journal entry' : 'posts one balanced journal entry', async () => {
    const document = (await post(business, type, bodyFor(type, business))).body.data;
    const entries = await journalOf(business, document.id);
    if (spec.posting === 'none') expect(entries).toEqual([]);
    else {
      expect(entries).toHaveLength(1);
      expect(sumOf(entries[0]!.lines, 'debit')).toBe(sumOf(entries[0]!.lines, 'credit'));
      expect(sumOf(entries[0]!.lines, 'debit')).toBe(240600);
    }
  });

  it('voids once: Voided, a reversing entry when it posted, its voided event; a second void is 409 and changes nothing', async () => {
    const document = (await post(business, type, bodyFor(type, business))).body.data;
    const voided = await call('POST', `/api/v1/${spec.path}/${document.id}/void`, { key: business.key });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ id: document.id, no: document.no, status: 'Voided', voided_at: expect.any(String) });
    const entries = await journalOf(business, document.id);
    expect(entries).toHaveLength(spec.posting === 'none' ? 0 : 2);
    if (spec.posting !== 'none') expect(entries.some((entry) => entry.reverses !== null)).toBe(true);
    const eventsBefore = await outboxOf(business.id);
    expect(eventsBefore.filter((event) => event.type === spec.voided && (event.data as { id: string }).id === document.id)).toHaveLength(1);
    const again = await call('POST', `/api/v1/${spec.path}/${document.id}/void`, { key: business.key });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('conflict');
    expect(await journalOf(business, document.id)).toEqual(entries);
    expect(await outboxOf(business.id)).toHaveLength(eventsBefore.length);
  });

  it(`refuses another business's ${spec.party} exactly like an unknown one`, async () => {
    const foreignParty = (await call('POST', `/api/v1/${spec.party}s`, { key: businessB.api_key, body: { name: 'Foreign' } })).body.data.id;
    const field = `${spec.party}_id`;
    const foreign = await post(business, type, { ...bodyFor(type, business), [field]: foreignParty });
    const unknown = await post(business, type, { ...bodyFor(type, business), [field]: '00000000-0000-4000-8000-000000000000' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.details).toEqual([{ field, message: 'does not exist' }]);
  });
});

describe('references in document bodies', () => {
  let business: Business & Parties;
  beforeAll(async () => {
    business = await setUp();
  });

  it("treats another business's item and payment account exactly like unknown ones", async () => {
    const foreignItem = (await call('POST', '/api/v1/items', { key: businessA.api_key, body: { name: 'Foreign item', type: 'service' } })).body.data.id;
    const foreignAccount = (await call('POST', '/api/v1/bank-feeds/accounts', { key: businessA.api_key, body: { name: 'Foreign bank', kind: 'bank' } })).body.data.id;
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const withItem = (id: string) => bodyFor('cash_sale', business, [{ item_id: id, description: 'x', quantity: 1, unit_price: 1 }]);
    const itemForeign = await post(business, 'cash_sale', withItem(foreignItem));
    expect(itemForeign.status).toBe(400);
    expect(itemForeign.body).toEqual((await post(business, 'cash_sale', withItem(unknownId))).body);
    const accountForeign = await post(business, 'cash_sale', { ...bodyFor('cash_sale', business), payment_account_id: foreignAccount });
    expect(accountForeign.status).toBe(400);
    expect(accountForeign.body.details[0].field).toBe('payment_account_id');
    expect(accountForeign.body).toEqual((await post(business, 'cash_sale', { ...bodyFor('cash_sale', business), payment_account_id: unknownId })).body);
  });

  it('refuses a ledger account that is not a cash-flow account, and one in another currency', async () => {
    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; system_role: string | null }[];
    const receivables = accounts.find((account) => account.system_role === 'accounts_receivable')!;
    const notCash = await post(business, 'expense', { ...bodyFor('expense', business), payment_account_id: receivables.id });
    expect(notCash.status).toBe(400);
    expect(notCash.body.details[0].field).toBe('payment_account_id');
    const euros = (await call('POST', '/api/v1/bank-feeds/accounts', { key: business.key, body: { name: 'Euro bank', kind: 'bank', currency: 'EUR' } })).body.data.id;
    const mismatch = await post(business, 'expense', { ...bodyFor('expense', business), payment_account_id: euros });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details[0].message).toContain('EUR');
  });

  it.each([
    [{ lines: [] }, 'lines'],
    [{ lines: [{ description: 'x', quantity: 1, unit_price: 1.001 }] }, 'lines[0].unit_price'],
    [{ lines: [{ description: 'x', quantity: 0, unit_price: 1 }] }, 'lines[0].quantity'],
    [{ lines: [{ description: 'x', quantity: 1, unit_price: 1, tax_rate: 120 }] }, 'lines[0].tax_rate'],
    [{ lines: [{ description: 'x', quantity: 1, unit_price: -5 }] }, 'lines'],
    [{ invoice_date: '2026-02-30' }, 'invoice_date'],
    [{ due_date: '2026-10-01' }, 'due_date'],
  ])('refuses %j naming %s, and writes nothing', async (change, field) => {
    const before = (await outboxOf(business.id)).length;
    const answer = await post(business, 'invoice', { ...bodyFor('invoice', business), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect((await outboxOf(business.id)).length).toBe(before);
  });
});

describe('credit allocations', () => {
  let business: Business & Parties;
  let otherCustomer: string;
  beforeAll(async () => {
    business = await setUp();
    otherCustomer = (await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'Other' } })).body.data.id;
  });

  const invoice = async (amount = 100, customerId = business.customerId) =>
    (await post(business, 'invoice', { ...bodyFor('invoice', business, [{ description: 'x', quantity: 1, unit_price: amount }]), customer_id: customerId })).body.data;
  const creditNote = async (amount = 100) => (await post(business, 'credit_note', bodyFor('credit_note', business, [{ description: 'x', quantity: 1, unit_price: amount }]))).body.data;
  const allocate = (noteId: string, allocations: unknown[]) => call('POST', `/api/v1/credit-notes/${noteId}/allocations`, { key: business.key, body: { allocations } });
  const get = async (type: 'invoices' | 'credit-notes', id: string) => (await call('GET', `/api/v1/${type}/${id}`, { key: business.key })).body.data;
  const paidEvents = async (invoiceId: string) => (await outboxOf(business.id)).filter((event) => event.type === 'invoice.paid' && (event.data as { id: string }).id === invoiceId);

  it('settles an invoice with credit: Settled once, invoice.paid exactly once, balance_due = total − paid − credited', async () => {
    const target = await invoice(100);
    const note = await creditNote(150);
    const first = await allocate(note.id, [{ document_id: target.id, amount: 60 }]);
    expect(first.status, first.text).toBe(201);
    expect(await get('invoices', target.id)).toMatchObject({ status: 'PartiallyPaid', amount_credited: 60, balance_due: 40 });
    expect(await paidEvents(target.id)).toHaveLength(0);
    const second = await allocate(note.id, [{ document_id: target.id, amount: 40 }]);
    expect(second.status).toBe(201);
    expect(second.body.data.credit_note).toMatchObject({ amount_allocated: 100, remaining_credit: 50, status: 'Open' });
    const settled = await get('invoices', target.id);
    expect(settled).toMatchObject({ status: 'Settled', amount_paid: 0, amount_credited: 100, balance_due: 0 });
    const events = await paidEvents(target.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual(settled);
  });

  it('is dated on or after both documents: an earlier date is 400 naming date, and writes nothing', async () => {
    const target = await invoice(100);
    const note = await creditNote(100);
    const latest = [target.invoice_date ?? target.date, note.date].sort().at(-1) as string;
    const dayBefore = new Date(Date.parse(`${latest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const early = await call('POST', `/api/v1/credit-notes/${note.id}/allocations`, { key: business.key, body: { date: dayBefore, allocations: [{ document_id: target.id, amount: 10 }] } });
    expect(early.status, early.text).toBe(400);
    expect(early.body.details).toEqual([{ field: 'date', message: expect.stringContaining(`must be on or after ${latest}`) }]);
    expect(await get('invoices', target.id)).toMatchObject({ amount_credited: 0 });
    const onTime = await call('POST', `/api/v1/credit-notes/${note.id}/allocations`, { key: business.key, body: { date: latest, allocations: [{ document_id: target.id, amount: 10 }] } });
    expect(onTime.status, onTime.text).toBe(201);
  });

  it('a voided invoice owes nothing: balance_due 0', async () => {
    const target = await invoice(100);
    expect((await get('invoices', target.id)).balance_due).toBe(100);
    expect((await call('POST', `/api/v1/invoices/${target.id}/void`, { key: business.key })).status).toBe(200);
    expect(await get('invoices', target.id)).toMatchObject({ status: 'Voided', balance_due: 0 });
  });

  it('refuses a larger amount than the balance, the same invoice twice, a bill, another customer, or more than the credit; writes nothing', async () => {
    const target = await invoice(100);
    const other = await invoice(100, otherCustomer);
    const bill = (await post(business, 'bill', bodyFor('bill', business))).body.data;
    const note = await creditNote(50);
    const before = { invoice: await get('invoices', target.id), note: await get('credit-notes', note.id), events: (await outboxOf(business.id)).length };
    const cases: [unknown[], string][] = [
      [[{ document_id: target.id, amount: 100.01 }], 'allocations[0].amount'],
      [[{ document_id: target.id, amount: 10 }, { document_id: target.id, amount: 10 }], 'allocations[1].document_id'],
      [[{ document_id: bill.id, amount: 10 }], 'allocations[0].document_id'],
      [[{ document_id: other.id, amount: 10 }], 'allocations[0].document_id'],
      [[{ document_id: target.id, amount: 60 }], 'allocations'],
      [[{ document_id: target.id, amount: 0 }], 'allocations[0].amount'],
    ];
    for (const [allocations, field] of cases) {
      const answer = await allocate(note.id, allocations);
      expect(answer.status, JSON.stringify(allocations)).toBe(400);
      expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect(await get('invoices', target.id)).toEqual(before.invoice);
    expect(await get('credit-notes', note.id)).toEqual(before.note);
    expect((await outboxOf(business.id)).length).toBe(before.events);
  });

  it("answers an unknown or another business's invoice with the same 404", async () => {
    const note = await creditNote(50);
    const foreignInvoice = (await call('POST', '/api/v1/invoices', {
      key: businessB.api_key,
      body: { customer_id: (await call('POST', '/api/v1/customers', { key: businessB.api_key, body: { name: 'B customer' } })).body.data.id, invoice_date: '2026-11-01', lines: [{ description: 'x', quantity: 1, unit_price: 10 }] },
    })).body.data.id;
    const foreign = await allocate(note.id, [{ document_id: foreignInvoice, amount: 5 }]);
    const unknown = await allocate(note.id, [{ document_id: '00000000-0000-4000-8000-000000000000', amount: 5 }]);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text);
  });

  it('blocks voiding an invoice or credit note with live allocations (409) until the allocation is voided', async () => {
    const target = await invoice(100);
    const note = await creditNote(100);
    const applied = (await allocate(note.id, [{ document_id: target.id, amount: 100 }])).body.data;
    const before = await get('invoices', target.id);
    expect((await call('POST', `/api/v1/invoices/${target.id}/void`, { key: business.key })).status).toBe(409);
    expect((await call('POST', `/api/v1/credit-notes/${note.id}/void`, { key: business.key })).status).toBe(409);
    expect(await get('invoices', target.id)).toEqual(before);
    const undone = await call('POST', `/api/v1/credit-allocations/${applied.allocations[0].id}/void`, { key: business.key });
    expect(undone.status).toBe(200);
    expect(await get('invoices', target.id)).toMatchObject({ status: 'Open', amount_credited: 0, balance_due: 100 });
    expect((await call('POST', `/api/v1/credit-allocations/${applied.allocations[0].id}/void`, { key: business.key })).status).toBe(409);
    expect((await call('POST', `/api/v1/invoices/${target.id}/void`, { key: business.key })).status).toBe(200);
    expect((await call('POST', `/api/v1/credit-notes/${note.id}/void`, { key: business.key })).status).toBe(200);
  });
});

describe('numbering', () => {
  it('gives 20 parallel invoices of one business the numbers 1..20, no gap and no repeat', async () => {
    const business = await setUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(business, 'invoice', bodyFor('invoice', business))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const numbers = answers.map((answer) => answer.body.data.no as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `INV-${String(index + 1).padStart(5, '0')}`));
    const listed = (await call('GET', '/api/v1/invoices?page_size=50', { key: business.key })).body.data;
    expect(listed.pagination.total_count).toBe(20);
    expect((await outboxOf(business.id)).filter((event) => event.type === 'invoice.created')).toHaveLength(20);
  });

  it('keeps one series per business and type', async () => {
    const business = await setUp();
    expect((await post(business, 'bill', bodyFor('bill', business))).body.data.no).toBe('BILL-00001');
    expect((await post(business, 'invoice', bodyFor('invoice', business))).body.data.no).toBe('INV-00001');
    expect((await post(business, 'invoice', bodyFor('invoice', business))).body.data.no).toBe('INV-00002');
  });
});

describe('lists', () => {
  it('orders by business date then number, and filters by party, status and date range', async () => {
    const business = await setUp();
    const other = (await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'Other' } })).body.data.id;
    for (const [date, customer] of [['2026-03-01', business.customerId], ['2026-01-15', other], ['2026-02-01', business.customerId]] as const) {
      await post(business, 'invoice', { ...bodyFor('invoice', business), invoice_date: date, customer_id: customer });
    }
    const list = (query = '') => call('GET', `/api/v1/invoices${query}`, { key: business.key }).then((answer) => answer.body.data);
    expect((await list()).items.map((invoice: { invoice_date: string }) => invoice.invoice_date)).toEqual(['2026-01-15', '2026-02-01', '2026-03-01']);
    const mine = await list(`?customer_id=${business.customerId.replaceAll('-', '').toUpperCase()}`);
    expect(mine.items.map((invoice: { no: string }) => invoice.no)).toEqual(['INV-00003', 'INV-00001']);
    expect(mine.pagination.total_count).toBe(2);
    expect((await list('?from=2026-02-01&to=2026-02-28')).items.map((invoice: { no: string }) => invoice.no)).toEqual(['INV-00003']);
    expect((await list('?status=Open&page_size=1&page=2')).pagination).toMatchObject({ total_count: 3, page: 2, has_next: true, has_prev: true });
    expect((await list('?status=Paid')).items).toEqual([]);
    expect((await call('GET', '/api/v1/invoices?status=Lost', { key: business.key })).status).toBe(400);
  });
});

describe('ledger reads', () => {
  it('lists the chart of accounts with the cash-flow accounts, and keeps the trial balance at zero per currency', async () => {
    const business = await setUp();
    await call('POST', '/api/v1/bank-feeds/accounts', { key: business.key, body: { name: 'Savings', kind: 'bank', opening_balance: 500 } });
    await post(business, 'invoice', bodyFor('invoice', business));
    await post(business, 'expense', bodyFor('expense', business));
    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { code: string | null; system_role: string | null; cash_flow: boolean }[];
    expect(accounts.filter((account) => account.system_role).map((account) => account.code)).toEqual(['1100', '1200', '2100', '2200', '3000', '4000', '4900', '5000']);
    expect(accounts.filter((account) => account.cash_flow)).toHaveLength(2);
    const balance = (await call('GET', '/api/v1/reports/trial-balance', { key: business.key })).body.data;
    expect(balance.currencies).toHaveLength(1);
    expect(balance.currencies[0].total_debit).toBe(balance.currencies[0].total_credit);
    expect(balance.currencies[0].total_debit).toBeGreaterThan(0);
    const early = (await call('GET', '/api/v1/reports/trial-balance?as_of=2020-01-01', { key: business.key })).body.data;
    expect(early.currencies).toEqual([]);
  });
});
