import { describe, expect, it } from 'vitest';
import { call, outboxOf, uniqueName } from '../integration/support.ts';
import { books } from './sales-books.ts';

/**
 * Drafts (api.md, "Drafts"; issue 49 item 1): saved without a number, a posting or a rate, changed and deleted,
 * listed only with status=Draft, and approved through the one posting path exactly as a direct creation.
 */

const line = (unit_price: number, quantity = 1) => ({ description: 'Consulting', quantity, unit_price, tax_rate: 10 });

describe('drafts of sales and purchase documents', () => {
  it('a draft posts nothing, takes no number, is listed only under status=Draft, and is changed and priced again by PATCH', async () => {
    const w = await books();
    const posted = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-05-01', lines: [line(50)] });
    expect(posted.no).toBe('INV-00001');
    const before = await w.receivables();

    const saved = await call('POST', '/api/v1/invoices', { key: w.business.key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-05-10', lines: [line(100), line(25, 2)] } });
    expect(saved.status, saved.text).toBe(201);
    const draft = saved.body.data;
    expect(draft).toMatchObject({ status: 'Draft', no: null, exchange_rate: null, subtotal: 150, tax_total: 15, total: 165, balance_due: 165, amount_paid: 0 });
    expect(await w.receivables()).toBe(before);

    // Unfiltered lists and their count hold posted documents only; status=Draft (or draft) holds the drafts alone.
    const list = await w.get('/api/v1/invoices');
    expect(list.items.map((invoice: { id: string }) => invoice.id)).toEqual([posted.id]);
    expect(list.pagination.total_count).toBe(1);
    for (const status of ['Draft', 'draft']) {
      const drafts = await w.get(`/api/v1/invoices?status=${status}`);
      expect(drafts.items.map((invoice: { id: string }) => invoice.id)).toEqual([draft.id]);
      expect(drafts.pagination.total_count).toBe(1);
    }
    expect((await w.get(`/api/v1/invoices?status=Draft&customer_id=${w.customer}`)).pagination.total_count).toBe(1);
    expect((await w.get('/api/v1/invoices?status=Draft&from=2026-05-11')).pagination.total_count).toBe(0);
    expect(await w.get(`/api/v1/invoices/${draft.id}`)).toEqual(draft);

    // PATCH replaces the fields sent (lines whole) and prices the result again; a bad field changes nothing.
    const other = (await w.post('/api/v1/customers', { name: uniqueName('Other customer') })).id as string;
    const changed = await call('PATCH', `/api/v1/invoices/${draft.id}`, { key: w.business.key, body: { customer_id: other, lines: [line(200)], reference: 'PO-7' } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ id: draft.id, status: 'Draft', no: null, customer_id: other, invoice_date: '2026-05-10', reference: 'PO-7', subtotal: 200, tax_total: 20, total: 220 });
    expect((await w.get(`/api/v1/invoices?status=Draft&customer_id=${w.customer}`)).pagination.total_count).toBe(0);
    expect((await w.get(`/api/v1/invoices?status=Draft&customer_id=${other}`)).pagination.total_count).toBe(1);
    const refused = await call('PATCH', `/api/v1/invoices/${draft.id}`, { key: w.business.key, body: { customer_id: '00000000-0000-4000-8000-000000000000' } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.details[0].field).toBe('customer_id');
    expect((await call('PATCH', `/api/v1/invoices/${draft.id}`, { key: w.business.key, body: { status: 'posted' } })).status).toBe(400);
    expect(await w.get(`/api/v1/invoices/${draft.id}`)).toEqual(changed.body.data);

    // Its events: draft_saved twice (saved, changed), no invoice.created for it until approved.
    const events = (await outboxOf(w.business.id)).filter((item) => (item.data as { id?: string }).id === draft.id).map((item) => item.type);
    expect(events).toEqual(['invoice.draft_saved', 'invoice.draft_saved']);
  });

  it('approval posts the draft as a direct creation would: the next number, its own date, its own id, once; then it is no draft', async () => {
    const w = await books();
    const draft = (await call('POST', '/api/v1/invoices', { key: w.business.key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-06-03', lines: [line(100)] } })).body.data;
    await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-06-04', lines: [line(10)] });

    const approved = await call('POST', `/api/v1/invoices/${draft.id}/approve`, { key: w.business.key });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ id: draft.id, no: 'INV-00002', status: 'Open', invoice_date: '2026-06-03', total: 110, balance_due: 110, exchange_rate: 1 });
    expect(await w.receivables()).toBe(121);
    expect(await w.get(`/api/v1/invoices/${draft.id}`)).toEqual(approved.body.data);
    expect((await w.get('/api/v1/invoices')).pagination.total_count).toBe(2);
    expect((await w.get('/api/v1/invoices?status=Draft')).pagination.total_count).toBe(0);
    const created = (await outboxOf(w.business.id)).filter((item) => item.type === 'invoice.created' && (item.data as { id: string }).id === draft.id);
    expect(created).toHaveLength(1);

    for (const [method, path] of [['POST', `/api/v1/invoices/${draft.id}/approve`], ['PATCH', `/api/v1/invoices/${draft.id}`], ['DELETE', `/api/v1/invoices/${draft.id}`]] as const) {
      const again = await call(method, path, { key: w.business.key, ...(method === 'PATCH' ? { body: { note: 'late' } } : {}) });
      expect(again.status, `${method} ${path}: ${again.text}`).toBe(409);
      expect(again.body.error_description).toContain('INV-00002');
    }

    // The audit trail names who saved it and who approved it.
    const trail = await w.get(`/api/v1/audit-log?record_type=invoice&record_id=${draft.id}`);
    expect(trail.items.map((entry: { action: string }) => entry.action).reverse()).toEqual(['draft_saved', 'approved']);
  });

  it('a deleted draft is gone, and wrote nothing to the books; a bill draft works the same on the purchases side', async () => {
    const w = await books();
    const bill = (await call('POST', '/api/v1/bills', { key: w.business.key, body: { status: 'draft', vendor_id: w.vendor, bill_date: '2026-05-02', lines: [line(40)] } })).body.data;
    expect(bill).toMatchObject({ status: 'Draft', no: null, total: 44 });
    const voided = await call('POST', `/api/v1/bills/${bill.id}/void`, { key: w.business.key });
    expect(voided.status, voided.text).toBe(409);
    expect(voided.body.error_description).toContain('is a draft');
    const removed = await call('DELETE', `/api/v1/bills/${bill.id}`, { key: w.business.key });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data.id).toBe(bill.id);
    expect((await call('GET', `/api/v1/bills/${bill.id}`, { key: w.business.key })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/bills/${bill.id}`, { key: w.business.key })).status).toBe(404);
    expect((await w.get('/api/v1/bills?status=Draft')).pagination.total_count).toBe(0);

    // The number series is untouched by the draft: the first posted bill is BILL-00001.
    const second = (await call('POST', '/api/v1/bills', { key: w.business.key, body: { status: 'draft', vendor_id: w.vendor, bill_date: '2026-05-02', lines: [line(40)] } })).body.data;
    expect((await call('POST', `/api/v1/bills/${second.id}/approve`, { key: w.business.key })).body.data.no).toBe('BILL-00001');
  });

  it('approval decides the lock date then: a draft saved before the period was locked is refused 409 period_locked, and stays a draft', async () => {
    const w = await books();
    const draft = (await call('POST', '/api/v1/invoices', { key: w.business.key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-03-10', lines: [line(100)] } })).body.data;
    expect((await call('PUT', '/api/v1/business/lock-date', { key: w.business.key, body: { lock_date: '2026-03-31' } })).status).toBe(200);
    const locked = await call('POST', `/api/v1/invoices/${draft.id}/approve`, { key: w.business.key });
    expect(locked.status, locked.text).toBe(409);
    expect(locked.body.error).toBe('period_locked');
    expect((await w.get(`/api/v1/invoices/${draft.id}`)).status).toBe('Draft');
    // Moved past the lock date, it posts, numbered then.
    await call('PATCH', `/api/v1/invoices/${draft.id}`, { key: w.business.key, body: { invoice_date: '2026-04-01' } });
    expect((await call('POST', `/api/v1/invoices/${draft.id}/approve`, { key: w.business.key })).body.data).toMatchObject({ no: 'INV-00001', invoice_date: '2026-04-01' });
  });

  it('racing approvals: five drafts approved at once take five gapless numbers, each once; one draft approved five times at once posts once', async () => {
    const w = await books();
    const drafts = await Promise.all(Array.from({ length: 5 }, (_, index) => call('POST', '/api/v1/invoices', { key: w.business.key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-07-01', lines: [line(10 + index)] } })));
    const approvals = await Promise.all(drafts.map((draft) => call('POST', `/api/v1/invoices/${draft.body.data.id}/approve`, { key: w.business.key })));
    expect(approvals.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(approvals.map((answer) => answer.body.data.no).sort()).toEqual(['INV-00001', 'INV-00002', 'INV-00003', 'INV-00004', 'INV-00005']);

    const one = (await call('POST', '/api/v1/invoices', { key: w.business.key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-07-02', lines: [line(7)] } })).body.data;
    const raced = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/v1/invoices/${one.id}/approve`, { key: w.business.key })));
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await w.get('/api/v1/invoices')).pagination.total_count).toBe(6);
    expect(await w.receivables()).toBe(Math.round((10 + 11 + 12 + 13 + 14 + 7) * 1.1 * 100) / 100);
  });

  it('preparing is not approving: a key with create but not approve saves and changes drafts, and its approval is 403', async () => {
    const w = await books();
    const preparer = await call('POST', '/api/v1/api-keys', { key: w.business.key, body: { name: 'Preparer', scopes: ['sales_invoices:read', 'sales_invoices:create'], options: [] } });
    expect(preparer.status, preparer.text).toBe(201);
    const key = preparer.body.data.key as string;
    const draft = await call('POST', '/api/v1/invoices', { key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-05-01', lines: [line(10)] } });
    expect(draft.status, draft.text).toBe(201);
    expect((await call('PATCH', `/api/v1/invoices/${draft.body.data.id}`, { key, body: { note: 'Ready' } })).status).toBe(200);
    const refused = await call('POST', `/api/v1/invoices/${draft.body.data.id}/approve`, { key });
    expect(refused.status, refused.text).toBe(403);
    expect((await call('POST', `/api/v1/invoices/${draft.body.data.id}/approve`, { key: w.business.key })).status).toBe(200);
  });

  it('a draft journal is checked as a posting (balanced, live accounts), moves nothing, and approved takes the next MJ number on its own date', async () => {
    const w = await books();
    const rent = await w.post('/api/v1/accounts', { code: '6100', name: 'Rent', type: 'expense' });
    const bank = await w.post('/api/v1/accounts', { code: '2150', name: 'Accrued rent', type: 'liability' });
    const unbalanced = await call('POST', '/api/v1/journals', { key: w.business.key, body: { status: 'draft', date: '2026-05-31', narration: 'Accrual', lines: [{ account_id: rent.id, debit: 100 }, { account_id: bank.id, credit: 90 }] } });
    expect(unbalanced.status, unbalanced.text).toBe(400);
    const saved = await call('POST', '/api/v1/journals', { key: w.business.key, body: { status: 'draft', date: '2026-05-31', narration: 'Accrual', lines: [{ account_id: rent.id, debit: 100 }, { account_id: bank.id, credit: 100 }] } });
    expect(saved.status, saved.text).toBe(201);
    const draft = saved.body.data;
    expect(draft).toMatchObject({ status: 'draft', no: null, exchange_rate: null, journal_entry_id: null, total: 100 });
    expect((await w.get('/api/v1/journals')).pagination.total_count).toBe(0);
    expect((await w.get('/api/v1/journals?status=draft')).items.map((journal: { id: string }) => journal.id)).toEqual([draft.id]);
    expect(await w.get(`/api/v1/journals/${draft.id}`)).toEqual(draft);
    const ledger = await w.get('/api/v1/reports/trial-balance?as_of=2026-12-31');
    expect((ledger.base.accounts as { account_id: string }[]).some((row) => row.account_id === rent.id)).toBe(false);

    const changed = await call('PATCH', `/api/v1/journals/${draft.id}`, { key: w.business.key, body: { lines: [{ account_id: rent.id, debit: 120 }, { account_id: bank.id, credit: 120 }] } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ status: 'draft', total: 120, narration: 'Accrual' });
    expect((await call('PATCH', `/api/v1/journals/${draft.id}`, { key: w.business.key, body: { lines: [{ account_id: rent.id, debit: 1 }, { account_id: bank.id, credit: 2 }] } })).status).toBe(400);

    await w.post('/api/v1/journals', { date: '2026-06-01', narration: 'First posted', lines: [{ account_id: rent.id, debit: 5 }, { account_id: bank.id, credit: 5 }] });
    const approved = await call('POST', `/api/v1/journals/${draft.id}/approve`, { key: w.business.key });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.data).toMatchObject({ id: draft.id, no: 'MJ-00002', status: 'posted', date: '2026-05-31', total: 120, exchange_rate: 1 });
    const posted = await w.get('/api/v1/reports/trial-balance?as_of=2026-05-31');
    expect((posted.base.accounts as { account_id: string; debit: number }[]).find((row) => row.account_id === rent.id)?.debit).toBe(120);
    expect((await call('POST', `/api/v1/journals/${draft.id}/approve`, { key: w.business.key })).status).toBe(409);
    const events = (await outboxOf(w.business.id)).filter((item) => (item.data as { id?: string }).id === draft.id).map((item) => item.type);
    expect(events).toEqual(['journal.draft_saved', 'journal.draft_saved', 'journal.created']);

    const other = (await call('POST', '/api/v1/journals', { key: w.business.key, body: { status: 'draft', date: '2026-05-31', narration: 'Mistake', lines: [{ account_id: rent.id, debit: 1 }, { account_id: bank.id, credit: 1 }] } })).body.data;
    expect((await call('DELETE', `/api/v1/journals/${other.id}`, { key: w.business.key })).status).toBe(200);
    expect((await call('GET', `/api/v1/journals/${other.id}`, { key: w.business.key })).status).toBe(404);
  });

  it("another business's draft is exactly an unknown id: not read, listed, changed, deleted or approved", async () => {
    const w = await books();
    const other = await books();
    const draft = (await call('POST', '/api/v1/invoices', { key: w.business.key, body: { status: 'draft', customer_id: w.customer, invoice_date: '2026-05-01', lines: [line(10)] } })).body.data;
    const journal = (await call('POST', '/api/v1/journals', { key: w.business.key, body: { status: 'draft', date: '2026-05-01', narration: 'Mine', lines: [{ account_id: (await w.post('/api/v1/accounts', { code: '6100', name: 'Rent', type: 'expense' })).id, debit: 1 }, { account_id: (await w.post('/api/v1/accounts', { code: '2150', name: 'Accrued', type: 'liability' })).id, credit: 1 }] } })).body.data;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, path, body] of [['GET', '/api/v1/invoices/{id}', undefined], ['PATCH', '/api/v1/invoices/{id}', { note: 'x' }], ['DELETE', '/api/v1/invoices/{id}', undefined], ['POST', '/api/v1/invoices/{id}/approve', undefined]] as const) {
      const foreign = await call(method, path.replace('{id}', draft.id), { key: other.business.key, ...(body ? { body } : {}) });
      const missing = await call(method, path.replace('{id}', unknown), { key: other.business.key, ...(body ? { body } : {}) });
      expect(foreign.status, `${method} ${path}`).toBe(404);
      expect(foreign.text).toBe(missing.text);
    }
    for (const [method, path] of [['GET', '/api/v1/journals/{id}'], ['DELETE', '/api/v1/journals/{id}'], ['POST', '/api/v1/journals/{id}/approve']] as const) {
      expect((await call(method, path.replace('{id}', journal.id), { key: other.business.key })).status, `${method} ${path}`).toBe(404);
    }
    expect((await other.get('/api/v1/invoices?status=Draft')).pagination.total_count).toBe(0);
    expect((await other.get('/api/v1/journals?status=draft')).pagination.total_count).toBe(0);
    expect(await w.get(`/api/v1/invoices/${draft.id}`)).toEqual(draft);
  });
});
