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
  const log = async (query = '', key = business.key) => {
    const answer = await call('GET', `/api/v1/audit-log${query ? `?${query}` : ''}`, { key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as { items: Entry[]; next_cursor: string | null };
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
      expect(entry.seq).toBeNull();
      expect(entry.hash).toBeNull();
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
    const rest = await w.log(`page_size=3&cursor=${first.next_cursor}`);
    expect([...first.items, ...rest.items].map((entry) => entry.id)).toEqual((await w.log()).items.map((entry) => entry.id));
    expect(rest.next_cursor).toBeNull();

    const other = await freshBusiness();
    expect((await w.log('', other.key)).items).toEqual([]);
    expect((await w.log(`record_type=invoice&record_id=${invoices[0]!.id}`, other.key)).items).toEqual([]);

    for (const [query, field] of [['record_id=' + invoices[0]!.id, 'record_type'], ['from=2026-05-02&to=2026-05-01', 'from'], ['cursor=nope', 'cursor'], ['page_size=500', 'page_size'], ['colour=red', 'colour']] as const) {
      const refused = await call('GET', `/api/v1/audit-log?${query}`, { key: w.business.key });
      expect(refused.status, query).toBe(400);
      expect(refused.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
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
