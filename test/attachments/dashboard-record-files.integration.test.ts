import { describe, expect, it } from 'vitest';
import { formFields, memberBrowser } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs } from '../integration/support.ts';

/** A customer, a vendor and a bank line, each with a file attached through the API. */
async function filedWorld() {
  const business = await freshBusiness({ currency: 'USD' });
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: 'Ada Lovelace Ltd' })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: 'Paper Mill' })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Main bank', kind: 'bank' })).id as string;
  const added = await call('POST', `/api/v1/bank-feeds/accounts/${bank}/lines`, { key: business.key, body: { lines: [{ date: '2026-05-04', amount: -42.5, description: 'Stationery' }] } });
  expect(added.status, added.text).toBe(201);
  const line = added.body.data.added[0].id as string;
  const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; type: string; name: string }[];
  const [expense, equity] = [accounts.find((account) => account.type === 'expense')!, accounts.find((account) => account.type === 'equity')!];
  const journal = await post('/api/v1/journals', { date: '2026-05-06', narration: 'Owner paid the printer', lines: [{ account_id: expense.id, debit: 30, description: 'Toner' }, { account_id: equity.id, credit: 30 }] });
  const attach = async (type: string, id: string, name: string) => {
    const answer = await call('POST', '/api/v1/attachments', { key: business.key, body: { record: { type, id }, file_name: name, content_type: 'application/pdf', size: 1000 } });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data.id as string;
  };
  const files = { customer: await attach('customer', customer, 'signed-contract.pdf'), vendor: await attach('vendor', vendor, 'w9-form.pdf'), line: await attach('bank_line', line, 'till-receipt.pdf'), journal: await attach('journal', journal.id, 'printer-invoice.pdf') };
  return { business, customer, vendor, line, journal, expense, files };
}

const NAMES = ['signed-contract.pdf', 'w9-form.pdf', 'till-receipt.pdf', 'printer-invoice.pdf'];

describe("a party's, a bank line's and a journal's files on their dashboard pages (issue 50)", () => {
  it('lists each record\'s own files with a delete button for whoever may change the record, and none for a viewer', async () => {
    const w = await filedWorld();
    const owner = await memberBrowser(w.business.id, 'owner');
    const pages = {
      customer: await owner.request('GET', `/dashboard/customers/${w.customer}/edit`),
      vendor: await owner.request('GET', `/dashboard/vendors/${w.vendor}/edit`),
      line: await owner.request('GET', `/dashboard/banking/lines/${w.line}`),
      journal: await owner.request('GET', `/dashboard/journals/${w.journal.id}`),
    };
    for (const [record, own] of [
      ['customer', 'signed-contract.pdf'],
      ['vendor', 'w9-form.pdf'],
      ['line', 'till-receipt.pdf'],
      ['journal', 'printer-invoice.pdf'],
    ] as const) {
      const text = pages[record].text;
      expect(pages[record].status, text).toBe(200);
      expect(text, record).toContain('<h2 id="files">Files</h2>');
      expect(text, record).toContain(own);
      expect(text, record).toContain(`Delete ${own}`);
      for (const other of NAMES.filter((name) => name !== own)) expect(text, `${record} shows ${other}`).not.toContain(other);
    }
    const viewer = await memberBrowser(w.business.id, 'viewer');
    const read = await viewer.request('GET', `/dashboard/banking/lines/${w.line}`);
    expect(read.text).toContain('till-receipt.pdf');
    expect(read.text).not.toContain('Delete till-receipt.pdf');
  });

  it('shows a manual journal as posted, linked from the list: its lines with their accounts, and a 404 for another business\'s', async () => {
    const w = await filedWorld();
    const owner = await memberBrowser(w.business.id, 'owner');
    const list = await owner.request('GET', '/dashboard/journals');
    expect(list.text).toContain(`<a href="/dashboard/journals/${w.journal.id}">${w.journal.no}</a>`);
    const page = await owner.request('GET', `/dashboard/journals/${w.journal.id}`);
    for (const expected of [`Journal ${w.journal.no}`, 'Owner paid the printer', '2026-05-06', 'Posted', w.expense.name, 'Toner', '$30.00']) expect(page.text, expected).toContain(expected);
    const other = await freshBusiness({ currency: 'USD' });
    const stranger = await memberBrowser(other.id, 'owner');
    expect((await stranger.request('GET', `/dashboard/journals/${w.journal.id}`)).status).toBe(404);
  });

  it("deletes a bank line's file and a customer's from their pages, and comes back to each saying so", async () => {
    const w = await filedWorld();
    const owner = await memberBrowser(w.business.id, 'owner');
    const page = await owner.request('GET', `/dashboard/banking/lines/${w.line}`);
    const { csrf, back } = formFields(page.text).hidden;
    const deleted = await owner.request('POST', `/dashboard/attachments/${w.files.line}/delete`, { csrf: csrf!, back: back! });
    expect(deleted.status, deleted.text).toBe(303);
    expect(deleted.location).toBe(`/dashboard/banking/lines/${w.line}?notice=file_deleted`);
    const after = await owner.request('GET', deleted.location!);
    expect(after.text).toContain('File deleted.');
    expect(after.text).toContain('No files attached.');
    expect((await call('GET', `/api/v1/bank-lines/${w.line}/attachments`, { key: w.business.key })).body.data.items).toEqual([]);
    // From a customer's page likewise: back to its form, saying so.
    const customerPage = await owner.request('GET', `/dashboard/customers/${w.customer}/edit`);
    const fromCustomer = await owner.request('POST', `/dashboard/attachments/${w.files.customer}/delete`, { csrf: formFields(customerPage.text).hidden.csrf!, back: `/dashboard/customers/${w.customer}/edit` });
    expect(fromCustomer.location).toBe(`/dashboard/customers/${w.customer}/edit?notice=file_deleted`);
    const customerAfter = await owner.request('GET', fromCustomer.location!);
    expect(customerAfter.text).toContain('File deleted.');
    expect(customerAfter.text).toContain('No files attached.');
  });

  it("offers, on a void's confirmation, to delete the record's files with it: unticked they stay, ticked they go", async () => {
    const w = await filedWorld();
    const post = postingAs(w.business.key);
    const invoice = async () => {
      const created = await post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-05-10', lines: [{ description: 'Work', quantity: 1, unit_price: 40 }] });
      const attached = await call('POST', '/api/v1/attachments', { key: w.business.key, body: { record: { type: 'invoice', id: created.id }, file_name: 'purchase-order.pdf', content_type: 'application/pdf', size: 1000 } });
      expect(attached.status, attached.text).toBe(201);
      return created.id as string;
    };
    const [kept, removed] = [await invoice(), await invoice()];
    const owner = await memberBrowser(w.business.id, 'owner');
    const files = async (id: string) => (await call('GET', `/api/v1/invoices/${id}/attachments`, { key: w.business.key })).body.data.items.length;
    for (const [id, tick] of [[kept, false], [removed, true]] as const) {
      const asking = await owner.request('GET', `/dashboard/invoices/${id}/void?void_date=`);
      expect(asking.text).toContain('<input type="checkbox" name="remove_attachments" value="true"');
      expect(asking.text).toContain('Also delete its file (left unticked, they stay as evidence)');
      const { csrf, back } = formFields(asking.text).hidden;
      const voided = await owner.request('POST', `/dashboard/invoices/${id}/void`, { csrf: csrf!, back: back!, ...(tick ? { remove_attachments: 'true' } : {}) });
      expect(voided.status, voided.text).toBe(303);
      expect((await call('GET', `/api/v1/invoices/${id}`, { key: w.business.key })).body.data.status).toBe('Voided');
    }
    expect([await files(kept), await files(removed)]).toEqual([1, 0]);
    // A record without files offers no box.
    const bare = (await post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-05-10', lines: [{ description: 'Work', quantity: 1, unit_price: 40 }] })).id as string;
    expect((await owner.request('GET', `/dashboard/invoices/${bare}/void?void_date=`)).text).not.toContain('remove_attachments');
  });
});
