import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { CookieBrowser } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

interface Entry {
  readonly id: string;
  readonly seq: number | null;
  readonly at: string;
  readonly actor: { readonly type: string; readonly id: string; readonly name: string | null; readonly user_id: string | null };
  readonly action: string;
  readonly record: { readonly type: string; readonly id: string; readonly no: string | null };
  readonly related: readonly { readonly type: string; readonly id: string; readonly no: string | null }[];
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
  readonly request_id: string | null;
  readonly client_ip: string | null;
  readonly hash: string | null;
}

const PASSWORD = 'correct horse battery staple 4';

async function books() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  // The business's creation and its own API key, made by the test's setup as the service, are left out of what the tests compare.
  const log = async (query = '', key = business.key) => {
    const answer = await call('GET', `/api/v1/audit-log${query ? `?${query}` : ''}`, { key });
    expect(answer.status, answer.text).toBe(200);
    const page = answer.body.data as { items: Entry[]; next_cursor: string | null };
    return { ...page, items: page.items.filter((entry) => entry.record.id !== business.keyId && !(entry.record.type === 'business' && entry.action === 'created')) };
  };
  const customer = (await post('/api/v1/customers', { name: uniqueName('Audited') })).id as string;
  const invoice = async (amount: number) => post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: amount }] });
  return { business, post, log, customer, invoice };
}

describe('the audit trail of postings', () => {
  it('each posting leaves one entry in its own transaction: who (the API key and its user), what, what moved, the request; a receipt names the invoices it settled', async () => {
    const w = await books();
    const invoice = await w.invoice(120);
    const receipt = await w.post('/api/v1/receipts', { party_id: w.customer, date: '2026-05-06', payment_account_id: (await w.post('/api/v1/bank-feeds/accounts', { name: 'Audited bank', kind: 'bank' })).id, allocations: [{ document_id: invoice.id, amount: 120 }] });
    const voided = await call('POST', `/api/v1/receipts/${receipt.id}/void`, { key: w.business.key, body: { void_date: '2026-05-07' } });
    expect(voided.status).toBe(200);

    const { items } = await w.log();
    // Newest first: the void, the receipt, the bank account, the invoice, the customer.
    expect(items.map((entry) => [entry.action, entry.record.type, entry.record.no])).toEqual([
      ['voided', 'receipt', receipt.no],
      ['created', 'receipt', receipt.no],
      ['created', 'bank_account', null],
      ['created', 'invoice', invoice.number ?? invoice.no],
      ['created', 'customer', null],
    ]);
    const [voidEntry, receiptEntry, , invoiceEntry] = items as [Entry, Entry, Entry, Entry];
    for (const entry of items) {
      expect(entry.actor).toEqual({ type: 'api_key', id: w.business.keyId, name: null, user_id: null });
      expect(entry.request_id).toEqual(expect.any(String));
      // Unchained (seq and hash null) until the chainer places it, within seconds: never half of it.
      expect(entry.seq === null ? entry.hash : typeof entry.hash).toBe(entry.seq === null ? null : 'string');
    }
    expect(receiptEntry.related).toEqual([{ type: 'invoice', id: invoice.id, no: invoiceEntry.record.no }]);
    expect(receiptEntry.changes).toContainEqual({ field: 'amount', from: null, to: 120 });
    expect(voidEntry.changes).toContainEqual({ field: 'void_date', from: null, to: '2026-05-07' });
    expect(voidEntry.related.map((ref) => ref.id)).toEqual([invoice.id]);
    expect(new Set(items.map((entry) => entry.request_id)).size).toBe(items.length);
  });

  it('filters by record, actor, action and dates, pages by cursor, and another business sees none of it', async () => {
    const w = await books();
    const invoices = [await w.invoice(10), await w.invoice(20), await w.invoice(30)];
    await call('POST', `/api/v1/invoices/${invoices[1]!.id}/void`, { key: w.business.key });

    expect((await w.log(`record_type=invoice&record_id=${invoices[1]!.id}`)).items.map((entry) => entry.action)).toEqual(['voided', 'created']);
    expect((await w.log('action=voided')).items.map((entry) => entry.record.id)).toEqual([invoices[1]!.id]);
    expect((await w.log(`actor_id=${w.business.keyId}`)).items).toHaveLength(5);
    expect((await w.log('actor_id=someone-else')).items).toEqual([]);
    expect((await w.log('to=2020-01-01')).items).toEqual([]);

    const first = await w.log('page_size=3');
    expect(first.items).toHaveLength(3);
    const walked = [...first.items];
    for (let cursor = first.next_cursor; cursor !== null; ) {
      const next = await w.log(`page_size=3&cursor=${cursor}`);
      walked.push(...next.items);
      cursor = next.next_cursor;
    }
    expect(walked.map((entry) => entry.id)).toEqual((await w.log()).items.map((entry) => entry.id));
    expect(walked).toHaveLength(5);

    const other = await freshBusiness();
    // Only its own key's creation, by its setup (a business's creation is left out, as this one's is).
    expect((await w.log('', other.key)).items.map((entry) => [entry.record.type, entry.record.id])).toEqual([['api_key', other.keyId]]);
    expect((await w.log(`record_type=invoice&record_id=${invoices[0]!.id}`, other.key)).items).toEqual([]);

    for (const [query, field] of [['record_id=' + invoices[0]!.id, 'record_type'], ['from=2026-05-02&to=2026-05-01', 'from'], ['cursor=nope', 'cursor'], ['page_size=500', 'page_size'], ['colour=red', 'colour']] as const) {
      const refused = await call('GET', `/api/v1/audit-log?${query}`, { key: w.business.key });
      expect(refused.status, query).toBe(400);
      expect(refused.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it("answers one record's history by its own path, newest first, paged, and nothing of another business's record", async () => {
    const w = await books();
    const invoice = await w.invoice(40);
    await call('POST', `/api/v1/invoices/${invoice.id}/void`, { key: w.business.key });
    await call('PATCH', `/api/v1/customers/${w.customer}`, { key: w.business.key, body: { email: 'history@audited.test' } });
    const history = async (path: string, query = '', key = w.business.key) => call('GET', `/api/v1/${path}/history${query}`, { key });

    const invoiceHistory = await history(`invoices/${invoice.id}`);
    expect(invoiceHistory.status, invoiceHistory.text).toBe(200);
    expect((invoiceHistory.body.data.items as Entry[]).map((entry) => [entry.action, entry.record.id])).toEqual([['voided', invoice.id], ['created', invoice.id]]);
    const customerHistory = (await history(`customers/${w.customer}`)).body.data.items as Entry[];
    expect(customerHistory.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(customerHistory[0]!.changes).toEqual([{ field: 'email', from: null, to: 'history@audited.test' }]);
    // Paged by the same cursor as the log.
    const first = await history(`invoices/${invoice.id}`, '?page_size=1');
    expect(first.body.data.items.map((entry: Entry) => entry.action)).toEqual(['voided']);
    const second = await history(`invoices/${invoice.id}`, `?page_size=1&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.items.map((entry: Entry) => entry.action)).toEqual(['created']);
    // The record under another collection's name, an unknown collection, an unknown id, another business: 404.
    expect((await history(`bills/${invoice.id}`)).status).toBe(404);
    expect((await history(`widgets/${invoice.id}`)).status).toBe(404);
    expect((await history('invoices/0190a5b4-0000-7000-8000-000000000001')).status).toBe(404);
    const other = await freshBusiness();
    expect((await history(`invoices/${invoice.id}`, '', other.key)).status).toBe(404);
    const reader = await freshBusiness({ scopes: ['sales_invoices:read'] });
    expect((await history(`invoices/${invoice.id}`, '', reader.key)).status).toBe(403);
  });

  it('exports a range as JSON lines, oldest first, each entry whole with its chain fields; more than one answer carries is 413 naming to', async () => {
    const w = await books();
    await w.invoice(15);
    const { chainSettled } = await import('../integration/support.ts');
    await chainSettled(w.business.id);
    const today = new Date().toISOString().slice(0, 10);
    const answer = await fetch(`${(await import('../integration/support.ts')).runtime.baseUrl}/api/v1/audit-log/export?from=${today}`, { headers: { authorization: `Bearer ${w.business.key}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/x-ndjson');
    expect(answer.headers.get('content-disposition')).toContain(`audit-log-${today}-${today}.jsonl`);
    const lines = (await answer.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as Entry & { seq: number; prev_hash: string });
    // The business's and the key's creation by the setup, the customer, the invoice: oldest first, chained.
    expect(lines.map((entry) => [entry.action, entry.record.type])).toEqual([['created', 'business'], ['created', 'api_key'], ['created', 'customer'], ['created', 'invoice']]);
    expect(lines.map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    lines.slice(1).forEach((entry, index) => expect(entry.prev_hash).toBe(lines[index]!.hash));
    expect((await w.log()).items.map((entry) => entry.id).reverse()).toEqual(lines.slice(2).map((entry) => entry.id));
    // Nothing in a range before the business; a range backwards is refused.
    expect((await call('GET', '/api/v1/audit-log/export?from=2020-01-01&to=2020-12-31', { key: w.business.key })).text).toBe('');
    const backwards = await call('GET', `/api/v1/audit-log/export?from=${today}&to=2020-01-01`, { key: w.business.key });
    expect(backwards.status).toBe(400);
    // Past its limits (10,000 entries and 4 MB, here 2 entries): 413 naming to, through the boundary's one mapping.
    const { exportAuditLog } = await import('../../shared/audit/export.ts');
    const { toApiError } = await import('../../shared/platform/http/boundary.ts');
    const refused = await exportAuditLog(w.business.id as Id, { from: today }, { entries: 2, bytes: 4_000_000 }).catch((error: unknown) => toApiError(error));
    expect(refused).toMatchObject({ status: 413, code: 'payload_too_large', details: [{ field: 'to', message: expect.stringContaining('more than 2 entries') }] });
    expect(await exportAuditLog(w.business.id as Id, { from: today }, { entries: 4, bytes: 4_000_000 })).toHaveLength(4);
  });

  it('needs audit:read, which owners and accountants have and viewers do not', async () => {
    const w = await books();
    const reader = await freshBusiness({ scopes: ['sales_invoices:read'] });
    expect((await call('GET', '/api/v1/audit-log', { key: reader.key })).status).toBe(403);
    const { scopesOfRole } = await import('../../shared/platform/http/scopes.ts');
    expect(scopesOfRole('owner')).toContain('audit:read');
    expect(scopesOfRole('accountant')).toContain('audit:read');
    expect(scopesOfRole('viewer')).not.toContain('audit:read');
    await w.invoice(5);
    expect((await w.log()).items.map((entry) => entry.record.type)).toEqual(['invoice', 'customer']);
  });

  it('customers, items and accounts: each creation lists its fields, each change the fields it moved', async () => {
    const w = await books();
    await call('PATCH', `/api/v1/customers/${w.customer}`, { key: w.business.key, body: { email: 'ap@audited.test' } });
    const item = await w.post('/api/v1/items', { name: 'Audit hour', type: 'service', sale_price: 90 });
    await call('PATCH', `/api/v1/items/${item.id}`, { key: w.business.key, body: { sale_price: 95 } });
    const account = await w.post('/api/v1/accounts', { code: '6950', name: 'Audit fees', type: 'expense' });
    await call('PATCH', `/api/v1/accounts/${account.id}`, { key: w.business.key, body: { archived: true } });
    const { items } = await w.log();
    expect(items.map((entry) => [entry.action, entry.record.type])).toEqual([
      ['archived', 'account'],
      ['created', 'account'],
      ['updated', 'item'],
      ['created', 'item'],
      ['updated', 'customer'],
      ['created', 'customer'],
    ]);
    const [archived, , itemChange, itemCreation, customerChange] = items as [Entry, Entry, Entry, Entry, Entry];
    expect(archived.changes).toEqual([{ field: 'archived', from: false, to: true }]);
    expect(itemChange.changes).toEqual([{ field: 'sale_price_minor', from: 9000, to: 9500 }]);
    expect(itemCreation.changes).toContainEqual({ field: 'name', from: null, to: 'Audit hour' });
    expect(customerChange.changes).toEqual([{ field: 'email', from: null, to: 'ap@audited.test' }]);
  });

  it('settings and banking: the financial year, the lock date, a rate replaced, lines added, matched, excluded and undone, rules added, changed and deleted', async () => {
    const w = await books();
    const key = w.business.key;
    expect((await call('PATCH', '/api/v1/business', { key, body: { fiscal_year_start_month: 7 } })).status).toBe(200);
    expect((await call('PUT', '/api/v1/business/lock-date', { key, body: { lock_date: '2026-01-31' } })).status).toBe(200);
    await w.post('/api/v1/exchange-rates', { currency: 'EUR', date: '2026-05-01', rate: 1.1 });
    expect((await call('POST', '/api/v1/exchange-rates', { key, body: { currency: 'EUR', date: '2026-05-01', rate: 1.2 } })).status).toBeLessThan(300);
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Audited feed', kind: 'bank', opening_balance_date: '2026-05-01' })).id as string;
    const invoice = await w.invoice(40);
    const receipt = await w.post('/api/v1/receipts', { party_id: w.customer, date: '2026-05-06', payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 40 }] });
    const [paid, duplicate] = (await w.post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-05-07', amount: 40 }, { date: '2026-05-08', amount: 7 }] })).added as { id: string }[];
    await w.post(`/api/v1/bank-feeds/lines/${paid!.id}/match`, { money_id: receipt.id });
    await w.post(`/api/v1/bank-feeds/lines/${duplicate!.id}/exclude`, undefined);
    await w.post(`/api/v1/bank-feeds/lines/${paid!.id}/undo`, undefined);
    const rule = await w.post('/api/v1/bank-feeds/rules', { name: 'Fees', conditions: [{ field: 'description', operator: 'contains', value: 'fee' }], action: { party_id: w.customer } });
    expect((await call('PATCH', `/api/v1/bank-feeds/rules/${rule.id}`, { key, body: { priority: 3 } })).status).toBe(200);
    expect((await call('DELETE', `/api/v1/bank-feeds/rules/${rule.id}`, { key })).status).toBeLessThan(300);

    const { items } = await w.log('page_size=200');
    const brief = items.map((entry) => `${entry.action} ${entry.record.type}`);
    expect(brief.slice(0, 7)).toEqual(['deleted bank_rule', 'updated bank_rule', 'created bank_rule', 'undone bank_line', 'excluded bank_line', 'matched bank_line', 'lines_added bank_account']);
    expect(brief.slice(-4)).toEqual(['created exchange_rate', 'updated business', 'updated business', 'created customer']);
    expect(brief).toContain('replaced exchange_rate');
    const find = (action: string, type: string) => items.find((entry) => entry.action === action && entry.record.type === type)!;
    expect(find('matched', 'bank_line').related).toEqual([{ type: 'receipt', id: receipt.id, no: receipt.no }]);
    expect(find('matched', 'bank_line').changes).toContainEqual({ field: 'status', from: 'unmatched', to: 'matched' });
    expect(find('replaced', 'exchange_rate').changes).toContainEqual({ field: 'rate', from: 1.1, to: 1.2 });
    const [lockDate, fiscalYear] = items.filter((entry) => entry.record.type === 'business');
    expect(lockDate!.changes).toEqual([{ field: 'lock_date', from: null, to: '2026-01-31' }]);
    expect(fiscalYear!.changes).toEqual([{ field: 'fiscal_year_start_month', from: 1, to: 7 }]);
    expect(find('lines_added', 'bank_account').changes[0]!.to).toEqual([
      { id: paid!.id, date: '2026-05-07', amount: 40 },
      { id: duplicate!.id, date: '2026-05-08', amount: 7 },
    ]);
  });

  it('webhook endpoints and API keys: created, changed, rotated, revoked and deleted, their secrets never in the trail, only that they changed', async () => {
    const w = await books();
    const key = w.business.key;
    const endpoint = await w.post('/api/v1/webhooks/endpoints', { url: 'http://127.0.0.1:9/hook', events: ['ping'] });
    expect((await call('PATCH', `/api/v1/webhooks/endpoints/${endpoint.id}`, { key, body: { description: 'Audited hook' } })).status).toBe(200);
    const rotated = await w.post(`/api/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, undefined);
    expect((await call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, { key })).status).toBeLessThan(300);
    const apiKey = await w.post('/api/v1/api-keys', { name: 'Audited key', scopes: ['sales_customers:read'] });
    expect((await call('DELETE', `/api/v1/api-keys/${apiKey.id}`, { key })).status).toBeLessThan(300);

    const { items } = await w.log('page_size=200');
    expect(items.slice(0, 6).map((entry) => `${entry.action} ${entry.record.type}`)).toEqual(['revoked api_key', 'created api_key', 'deleted webhook_endpoint', 'secret_rotated webhook_endpoint', 'updated webhook_endpoint', 'created webhook_endpoint']);
    const text = JSON.stringify(items);
    for (const secret of [endpoint.secret, rotated.secret, apiKey.key]) expect(text).not.toContain(secret);
    expect(text).not.toContain('secret_hash":"');
    const rotation = items.find((entry) => entry.action === 'secret_rotated')!;
    expect(rotation.changes).toContainEqual({ field: 'secret', from: '[secret]', to: '[secret]' });
    expect(items.find((entry) => entry.action === 'updated' && entry.record.type === 'webhook_endpoint')!.changes).toEqual([{ field: 'description', from: null, to: 'Audited hook' }]);
  });

  it('members, recurring schedules, payout rails and reminder settings: each change its entry, a rail\'s secret never in it', async () => {
    const w = await books();
    const key = w.business.key;
    const member = await w.post('/api/v1/business/members', { email: `${uniqueName('audited').replace(/\s/g, '-')}@example.test`, role: 'viewer' });
    expect((await call('PATCH', `/api/v1/business/members/${member.id}`, { key, body: { role: 'accountant' } })).status).toBe(200);
    expect((await call('DELETE', `/api/v1/business/members/${member.id}`, { key })).status).toBeLessThan(300);
    const schedule = await w.post('/api/v1/recurring-invoices', { customer_id: w.customer, schedule: { frequency: 'monthly', start_date: '2027-06-01' }, invoice: { lines: [{ description: 'Retainer', quantity: 1, unit_price: 10 }] } });
    expect((await call('PATCH', `/api/v1/recurring-invoices/${schedule.id}`, { key, body: { status: 'paused' } })).status).toBe(200);
    expect((await call('DELETE', `/api/v1/recurring-invoices/${schedule.id}`, { key })).status).toBeLessThan(300);
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Rail bank', kind: 'bank' })).id as string;
    const rail = await w.post('/api/v1/payout-rails', { name: 'Audited rail', payment_account_id: bank });
    expect((await call('DELETE', `/api/v1/payout-rails/${rail.id}`, { key })).status).toBeLessThan(300);
    expect((await call('PUT', '/api/v1/settings/reminders', { key, body: { enabled: true, days_after_due: [7] } })).status).toBe(200);

    const { items } = await w.log('page_size=200');
    expect(items.slice(0, 10).map((entry) => `${entry.action} ${entry.record.type}`)).toEqual([
      'updated reminder_policy',
      'deleted payout_rail',
      'created payout_rail',
      'created bank_account',
      'deleted recurring_invoice',
      'paused recurring_invoice',
      'created recurring_invoice',
      'removed member',
      'updated member',
      'invited member',
    ]);
    expect(items.find((entry) => entry.action === 'updated' && entry.record.type === 'member')!.changes).toContainEqual({ field: 'role', from: 'viewer', to: 'accountant' });
    expect(JSON.stringify(items)).not.toContain(rail.secret);
    expect(items[0]!.changes).toEqual([{ field: 'days_after_due', from: null, to: [7] }, { field: 'enabled', from: null, to: true }]);
  });

  it('a credit applied is one entry on the credit note naming the invoices, its allocations first', async () => {
    const w = await books();
    const invoice = await w.invoice(100);
    const note = await w.post('/api/v1/credit-notes', { customer_id: w.customer, date: '2026-05-05', lines: [{ description: 'Refund', quantity: 1, unit_price: 30 }] });
    const applied = await w.post(`/api/v1/credit-notes/${note.id}/allocations`, { allocations: [{ document_id: invoice.id, amount: 30 }] });
    const [entry] = (await w.log('action=applied')).items;
    expect(entry!.record).toMatchObject({ type: 'credit_note', id: note.id });
    expect(entry!.related.map((ref) => ref.id)).toEqual([invoice.id]);
    expect(entry!.changes[0]).toEqual({ field: 'allocations', from: null, to: applied.allocations });
    expect(entry!.changes.map((change) => change.field)).toContain('amount_allocated');
  });

  it('a posting from the dashboard names the signed-in user', async () => {
    const w = await books();
    const { createUser } = await import('../../shared/access/members/members.ts');
    const user = await createUser({ email: `${uniqueName('owner').replace(/\s/g, '-')}@example.test`, name: 'Audited Owner', password: PASSWORD, memberships: [{ business_id: w.business.id as Id, role: 'owner' }] });
    const browser = new CookieBrowser();
    expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
    const invoice = await w.invoice(50);
    const page = await browser.request('GET', `/dashboard/invoices/${invoice.id}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
    expect(csrf).toBeDefined();
    expect((await browser.request('POST', `/dashboard/invoices/${invoice.id}/void`, { csrf: csrf! })).status).toBe(303);
    const [voided] = (await w.log('action=voided')).items;
    expect(voided!.actor).toEqual({ type: 'user', id: user.id, name: 'Audited Owner', user_id: user.id });
    expect(voided!.record.id).toBe(invoice.id);
  });
});

describe('the audit trail in the dashboard', () => {
  it("shows an invoice's history on its page, Settings → Audit log with the API's filters, and its CSV; a viewer sees neither", async () => {
    const w = await books();
    const { createUser } = await import('../../shared/access/members/members.ts');
    const email = (role: string) => `${uniqueName(role).replace(/\s/g, '-')}@example.test`;
    const owner = await createUser({ email: email('owner'), name: 'History Owner', password: PASSWORD, memberships: [{ business_id: w.business.id as Id, role: 'owner' }] });
    const browser = new CookieBrowser();
    expect((await browser.signIn(owner.email, PASSWORD, '/dashboard')).status).toBe(303);
    const invoice = await w.invoice(60);
    const page = await browser.request('GET', `/dashboard/invoices/${invoice.id}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    expect((await browser.request('POST', `/dashboard/invoices/${invoice.id}/void`, { csrf })).status).toBe(303);

    const history = (await browser.request('GET', `/dashboard/invoices/${invoice.id}`)).text;
    const section = history.slice(history.indexOf('id="history"'));
    // Newest first: the owner's void, then the API key's creation, each with what it moved.
    expect(section.indexOf('History Owner')).toBeGreaterThan(0);
    expect(section.indexOf('voided')).toBeLessThan(section.indexOf('created'));
    expect(section).toContain('void_date');
    expect(section).toContain('API key');

    const log = await browser.request('GET', '/dashboard/settings/audit-log?record_type=invoice&action=voided');
    expect(log.status).toBe(200);
    expect(log.text).toContain('Audit log');
    expect(log.text).toContain(`invoice ${invoice.no ?? invoice.number}`);
    expect(log.text).not.toContain('>customer ');
    expect(log.text).toContain('href="/dashboard/settings/audit-log/export.csv?record_type=invoice&amp;action=voided"');
    const csv = await browser.request('GET', '/dashboard/settings/audit-log/export.csv?record_type=invoice&action=voided');
    expect(csv.status).toBe(200);
    const rows = csv.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('at,seq,actor_type,actor_id,actor_name,user_id,action,record_type,record_id,record_no,related,changes,request_id,client_ip,prev_hash,hash');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`,user,${owner.id},History Owner,${owner.id},voided,invoice,${invoice.id},`);

    // A customer's page too (and a vendor's, an item's, an account's: the one record-pages handler).
    await call('PATCH', `/api/v1/customers/${w.customer}`, { key: w.business.key, body: { email: 'pages@audited.test' } });
    const customerPage = (await browser.request('GET', `/dashboard/customers/${w.customer}/edit`)).text;
    const customerHistory = customerPage.slice(customerPage.indexOf('id="history"'));
    expect(customerPage).toContain('id="history"');
    expect(customerHistory).toContain('email: pages@audited.test');
    expect(customerHistory.indexOf('updated')).toBeLessThan(customerHistory.indexOf('created'));

    const viewer = await createUser({ email: email('viewer'), name: 'History Viewer', password: PASSWORD, memberships: [{ business_id: w.business.id as Id, role: 'viewer' }] });
    const looker = new CookieBrowser();
    expect((await looker.signIn(viewer.email, PASSWORD, '/dashboard')).status).toBe(303);
    expect((await looker.request('GET', `/dashboard/invoices/${invoice.id}`)).text).not.toContain('id="history"');
    expect((await looker.request('GET', `/dashboard/customers/${w.customer}/edit`)).text).not.toContain('id="history"');
    expect((await looker.request('GET', '/dashboard/settings/audit-log')).status).toBe(403);
  });
});
