import { beforeAll, describe, expect, it } from 'vitest';
import { businessA, call, freshBusiness, outboxOf } from '../integration/support.ts';

type World = Awaited<ReturnType<typeof world>>;

async function world(currency = 'USD') {
  const business = await freshBusiness({ currency });
  const post = async (path: string, body: unknown) => {
    const answer = await call('POST', path, { key: business.key, body });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data;
  };
  const customer = (await post('/api/v1/customers', { name: 'Customer' })).id as string;
  const otherCustomer = (await post('/api/v1/customers', { name: 'Other customer' })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: 'Vendor' })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id as string;
  const invoice = async (amount: number, customerId = customer, extra: Record<string, unknown> = {}) =>
    post('/api/v1/invoices', { customer_id: customerId, invoice_date: '2026-11-01', lines: [{ description: 'Work', quantity: 1, unit_price: amount }], ...extra });
  const bill = async (amount: number) => post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-11-01', lines: [{ description: 'Stock', quantity: 1, unit_price: amount }] });
  const receipt = (allocations: { document_id: string; amount: number }[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call('POST', '/api/v1/receipts', { key: business.key, headers, body: { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations, ...extra } });
  const get = async (path: string) => (await call('GET', path, { key: business.key })).body.data;
  return { business, customer, otherCustomer, vendor, bank, post, invoice, bill, receipt, get };
}

describe('POST /receipts and /payments', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('answers 201 with { id, no, type, allocations } plus reference, currency and note, as spec 4.5 says', async () => {
    const invoice = await w.invoice(100);
    const answer = await w.receipt([{ document_id: invoice.id, amount: 40 }], { reference: 'BANK-REF-1', note: 'First part', currency: 'USD' });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.data).toMatchObject({ id: expect.any(String), no: expect.stringMatching(/^RCT-\d{5}$/), type: 'Receipt', allocations: [{ document_id: invoice.id, amount: 40 }], reference: 'BANK-REF-1', currency: 'USD', note: 'First part' });
    expect(await w.get(`/api/v1/receipts/${answer.body.data.id}`)).toEqual(answer.body.data);
    expect(await w.get(`/api/v1/invoices/${invoice.id}`)).toMatchObject({ status: 'PartiallyPaid', amount_paid: 40, balance_due: 60 });
  });

  it('posts a payment against bills with type Payment, debiting payables and crediting the bank', async () => {
    const bill = await w.bill(250);
    const answer = await call('POST', '/api/v1/payments', { key: w.business.key, body: { party_id: w.vendor, date: '2026-11-06', payment_account_id: w.bank, allocations: [{ document_id: bill.id, amount: 250 }] } });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.data).toMatchObject({ type: 'Payment', no: expect.stringMatching(/^PAY-\d{5}$/) });
    const [entry] = (await w.get(`/api/v1/journal-entries?document_id=${answer.body.data.id}`)).items;
    const accounts = (await w.get('/api/v1/accounts')) as { id: string; system_role: string | null }[];
    const payables = accounts.find((account) => account.system_role === 'accounts_payable')!.id;
    expect(entry.lines).toEqual([{ account_id: payables, debit: 250, credit: 0, base_debit: 250, base_credit: 0, tracking: [] }, { account_id: w.bank, debit: 0, credit: 250, base_debit: 0, base_credit: 250, tracking: [] }]);
    expect(await w.get(`/api/v1/bills/${bill.id}`)).toMatchObject({ status: 'Paid', balance_due: 0 });
    expect((await outboxOf(w.business.id)).filter((event) => event.type === 'bill.paid' && (event.data as { id: string }).id === bill.id)).toHaveLength(1);
  });

  it('debits the bank and credits receivables for a receipt', async () => {
    const invoice = await w.invoice(80);
    const created = (await w.receipt([{ document_id: invoice.id, amount: 80 }])).body.data;
    const [entry] = (await w.get(`/api/v1/journal-entries?document_id=${created.id}`)).items;
    const accounts = (await w.get('/api/v1/accounts')) as { id: string; system_role: string | null }[];
    const receivables = accounts.find((account) => account.system_role === 'accounts_receivable')!.id;
    expect(entry.lines).toEqual([{ account_id: w.bank, debit: 80, credit: 0, base_debit: 80, base_credit: 0, tracking: [] }, { account_id: receivables, debit: 0, credit: 80, base_debit: 0, base_credit: 80, tracking: [] }]);
  });

  it('fires invoice.paid only on the crossing: none for a partial payment, once when paid in full, Settled when credit took part', async () => {
    const paid = await w.invoice(100);
    await w.receipt([{ document_id: paid.id, amount: 30 }]);
    const events = async (id: string) => (await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.paid' && (event.data as { id: string }).id === id);
    expect(await events(paid.id)).toHaveLength(0);
    await w.receipt([{ document_id: paid.id, amount: 70 }]);
    expect(await events(paid.id)).toHaveLength(1);
    expect(await w.get(`/api/v1/invoices/${paid.id}`)).toMatchObject({ status: 'Paid' });

    const mixed = await w.invoice(100);
    const note = await w.post('/api/v1/credit-notes', { customer_id: w.customer, date: '2026-11-02', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 10 }] });
    await w.post(`/api/v1/credit-notes/${note.id}/allocations`, { allocations: [{ document_id: mixed.id, amount: 10 }] });
    await w.receipt([{ document_id: mixed.id, amount: 90 }]);
    expect(await w.get(`/api/v1/invoices/${mixed.id}`)).toMatchObject({ status: 'Settled', amount_paid: 90, amount_credited: 10, balance_due: 0 });
    expect(await events(mixed.id)).toHaveLength(1);
  });

  it('applies allocations in the order given', async () => {
    const first = await w.invoice(10);
    const second = await w.invoice(20);
    const answer = await w.receipt([{ document_id: second.id, amount: 20 }, { document_id: first.id, amount: 5 }]);
    expect(answer.body.data.allocations.map((allocation: { document_id: string }) => allocation.document_id)).toEqual([second.id, first.id]);
  });

  describe('refusals change nothing', () => {
    let invoice: { id: string };
    let before: unknown;
    let eventCount: number;
    beforeAll(async () => {
      invoice = await w.invoice(100);
    });
    const snapshot = async () => ({ invoice: await w.get(`/api/v1/invoices/${invoice.id}`), receipts: (await w.get('/api/v1/receipts?page_size=200')).pagination.total_count, events: (await outboxOf(w.business.id)).length });

    it.each([
      ['a missing party_id', (body: Record<string, unknown>) => ({ ...body, party_id: undefined }), 400, 'party_id'],
      ['a malformed date', (body: Record<string, unknown>) => ({ ...body, date: '05/11/2026' }), 400, 'date'],
      ['no allocations', (body: Record<string, unknown>) => ({ ...body, allocations: [] }), 400, 'allocations'],
      ['an unknown field', (body: Record<string, unknown>) => ({ ...body, memo: 'x' }), 400, 'memo'],
      ['a zero amount', (body: Record<string, unknown>) => ({ ...body, allocations: [{ document_id: invoice.id, amount: 0 }] }), 400, 'allocations[0].amount'],
      ['a negative amount', (body: Record<string, unknown>) => ({ ...body, allocations: [{ document_id: invoice.id, amount: -5 }] }), 400, 'allocations[0].amount'],
      ['an amount over the balance', (body: Record<string, unknown>) => ({ ...body, allocations: [{ document_id: invoice.id, amount: 100.01 }] }), 400, 'allocations[0].amount'],
      ['too many decimals', (body: Record<string, unknown>) => ({ ...body, allocations: [{ document_id: invoice.id, amount: 1.001 }] }), 400, 'allocations[0].amount'],
      ['the same document twice', (body: Record<string, unknown>) => ({ ...body, allocations: [{ document_id: invoice.id, amount: 1 }, { document_id: invoice.id, amount: 1 }] }), 400, 'allocations[1].document_id'],
      ['another currency', (body: Record<string, unknown>) => ({ ...body, currency: 'EUR' }), 400, 'allocations[0].document_id'],
      ['26 allocations', (body: Record<string, unknown>) => ({ ...body, allocations: Array.from({ length: 26 }, () => ({ document_id: invoice.id, amount: 1 })) }), 400, 'allocations'],
      ['an unknown payment account', (body: Record<string, unknown>) => ({ ...body, payment_account_id: '00000000-0000-4000-8000-000000000000' }), 400, 'payment_account_id'],
      ['an unknown allocation document', (body: Record<string, unknown>) => ({ ...body, allocations: [{ document_id: '00000000-0000-4000-8000-000000000000', amount: 1 }] }), 404, null],
    ] as const)('%s', async (_label, change, status, field) => {
      before = await snapshot();
      const body = change({ party_id: w.customer, date: '2026-11-05', payment_account_id: w.bank, allocations: [{ document_id: invoice.id, amount: 10 }] });
      const answer = await call('POST', '/api/v1/receipts', { key: w.business.key, body });
      expect(answer.status, answer.text).toBe(status);
      if (field) expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      else expect(answer.body.error).toBe('not_found');
      expect(await snapshot()).toEqual(before);
    });

    it("refuses another business's account (400) and another business's document (404), exactly like unknown ones", async () => {
      eventCount = (await outboxOf(w.business.id)).length;
      const foreignAccount = (await call('POST', '/api/v1/bank-feeds/accounts', { key: businessA.api_key, body: { name: 'A bank', kind: 'bank' } })).body.data.id;
      const foreignCustomer = (await call('POST', '/api/v1/customers', { key: businessA.api_key, body: { name: 'A customer' } })).body.data.id;
      const foreignInvoice = (await call('POST', '/api/v1/invoices', { key: businessA.api_key, body: { customer_id: foreignCustomer, invoice_date: '2026-11-01', lines: [{ description: 'x', quantity: 1, unit_price: 10 }] } })).body.data.id;
      const unknown = '00000000-0000-4000-8000-000000000000';
      const account = (id: string) => w.receipt([{ document_id: invoice.id, amount: 1 }], { payment_account_id: id });
      expect((await account(foreignAccount)).text).toBe((await account(unknown)).text);
      expect((await account(foreignAccount)).status).toBe(400);
      const document = (id: string) => w.receipt([{ document_id: id, amount: 1 }]);
      expect((await document(foreignInvoice)).status).toBe(404);
      expect((await document(foreignInvoice)).text).toBe((await document(unknown)).text);
      expect((await outboxOf(w.business.id)).length).toBe(eventCount);
    });

    it('refuses a non-cash ledger account, a bill in a receipt, and another customer\'s invoice', async () => {
      const accounts = (await w.get('/api/v1/accounts')) as { id: string; system_role: string | null }[];
      const revenue = accounts.find((account) => account.system_role === 'sales_revenue')!.id;
      const nonCash = await w.receipt([{ document_id: invoice.id, amount: 1 }], { payment_account_id: revenue });
      expect(nonCash.status).toBe(400);
      expect(nonCash.body.details[0].field).toBe('payment_account_id');
      const bill = await w.bill(10);
      const wrongType = await w.receipt([{ document_id: bill.id, amount: 1 }]);
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.details[0]).toEqual({ field: 'allocations[0].document_id', message: 'is not an invoice' });
      const others = await w.invoice(10, w.otherCustomer);
      const otherParty = await w.receipt([{ document_id: others.id, amount: 1 }]);
      expect(otherParty.status).toBe(400);
      expect(otherParty.body.details[0].field).toBe('allocations[0].document_id');
    });
  });

  it('voids a receipt: entry reversed, invoices reopened, receipt.voided; twice is 409', async () => {
    const invoice = await w.invoice(60);
    const receipt = (await w.receipt([{ document_id: invoice.id, amount: 60 }])).body.data;
    expect((await call('POST', `/api/v1/invoices/${invoice.id}/void`, { key: w.business.key })).status).toBe(409);
    const voided = await call('POST', `/api/v1/receipts/${receipt.id}/void`, { key: w.business.key });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'Voided', no: receipt.no });
    expect(await w.get(`/api/v1/invoices/${invoice.id}`)).toMatchObject({ status: 'Open', amount_paid: 0, balance_due: 60 });
    expect((await w.get(`/api/v1/journal-entries?document_id=${receipt.id}`)).items).toHaveLength(2);
    expect((await outboxOf(w.business.id)).filter((event) => event.type === 'receipt.voided' && (event.data as { id: string }).id === receipt.id)).toHaveLength(1);
    expect((await call('POST', `/api/v1/receipts/${receipt.id}/void`, { key: w.business.key })).status).toBe(409);
    expect((await call('POST', `/api/v1/invoices/${invoice.id}/void`, { key: w.business.key })).status).toBe(200);
  });

  it('lists receipts by date, then number, in the page block', async () => {
    const list = await w.get('/api/v1/receipts?page_size=2');
    expect(list.pagination).toMatchObject({ page: 1, pageSize: 2, has_prev: false });
    expect(list.items.length).toBeLessThanOrEqual(2);
  });
});

describe('races', () => {
  it('50 concurrent receipts each paying an invoice in full: one succeeds, the rest get 400 and write nothing; invoice.paid once; no gap', async () => {
    const w = await world();
    const invoice = await w.invoice(500);
    const answers = await Promise.all(Array.from({ length: 50 }, () => w.receipt([{ document_id: invoice.id, amount: 500 }])));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    for (const refused of answers.filter((answer) => answer.status === 400)) expect(refused.body.details[0].field).toBe('allocations[0].amount');
    const events = await outboxOf(w.business.id);
    expect(events.filter((event) => event.type === 'invoice.paid')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'receipt.created')).toHaveLength(1);
    const receipts = (await w.get('/api/v1/receipts?page_size=200')).items as { no: string }[];
    expect(receipts.map((receipt) => receipt.no)).toEqual(['RCT-00001']);
    expect(await w.get(`/api/v1/invoices/${invoice.id}`)).toMatchObject({ status: 'Paid', amount_paid: 500, balance_due: 0 });
    const next = await w.receipt([{ document_id: (await w.invoice(5)).id, amount: 5 }]);
    expect(next.body.data.no).toBe('RCT-00002');
  }, 60_000);

  it('100 parallel requests with one Idempotency-Key make exactly one receipt; every answer is it or 409', async () => {
    const w = await world();
    const invoice = await w.invoice(1000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => w.receipt([{ document_id: invoice.id, amount: 10 }], {}, { 'idempotency-key': 'pay-run-42' })));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    const ids = new Set(created.map((answer) => answer.body.data.id));
    expect(ids.size).toBe(1);
    for (const answer of answers) expect([201, 409], answer.text).toContain(answer.status);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) expect(answer.body.error).toBe('conflict');
    expect((await w.get('/api/v1/receipts')).pagination.total_count).toBe(1);
    expect(await w.get(`/api/v1/invoices/${invoice.id}`)).toMatchObject({ amount_paid: 10 });
  }, 60_000);

  it('replays the first answer for the same key and body, 422 for another body, and works without a key', async () => {
    const w = await world();
    const invoice = await w.invoice(100);
    const first = await w.receipt([{ document_id: invoice.id, amount: 10 }], { reference: 'R-1' }, { 'idempotency-key': 'abc' });
    const again = await w.receipt([{ document_id: invoice.id, amount: 10 }], { reference: 'R-1' }, { 'idempotency-key': 'abc' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const reused = await w.receipt([{ document_id: invoice.id, amount: 11 }], { reference: 'R-1' }, { 'idempotency-key': 'abc' });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('idempotency_key_reused');
    const otherRoute = await call('POST', '/api/v1/payments', { key: w.business.key, headers: { 'idempotency-key': 'abc' }, body: { party_id: w.vendor, date: '2026-11-05', payment_account_id: w.bank, allocations: [{ document_id: (await w.bill(5)).id, amount: 5 }] } });
    expect(otherRoute.status).toBe(201);
    const plain1 = await w.receipt([{ document_id: invoice.id, amount: 1 }]);
    const plain2 = await w.receipt([{ document_id: invoice.id, amount: 1 }]);
    expect(plain1.body.data.id).not.toBe(plain2.body.data.id);
    expect(await w.get(`/api/v1/invoices/${invoice.id}`)).toMatchObject({ amount_paid: 12 });
    expect((await w.receipt([{ document_id: invoice.id, amount: 1 }], {}, { 'idempotency-key': '' })).status).toBe(400);
  });
});
