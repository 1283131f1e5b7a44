import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../shared/platform/http/scopes.ts';
import { call, freshBusiness, keyWithScopes, postingAs, runtime } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { SAMPLES } from './samples.ts';

/** An invoice and a manual journal, each with a file uploaded and checked, and a second file still pending on the invoice. */
async function world() {
  const business = await freshBusiness({ currency: 'USD' });
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: 'Acme Ltd' })).id as string;
  const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] })).id as string;
  const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; type: string }[];
  const [expense, equity] = [accounts.find((account) => account.type === 'expense')!.id, accounts.find((account) => account.type === 'equity')!.id];
  const journal = (await post('/api/v1/journals', { date: '2026-11-03', narration: 'Accrual', lines: [{ account_id: expense, debit: 10 }, { account_id: equity, credit: 10 }] })).id as string;
  const file = SAMPLES['application/pdf'];
  const attach = async (type: string, id: string, uploaded: boolean) => {
    const created = await call('POST', '/api/v1/attachments', { key: business.key, body: { record: { type, id }, file_name: `${type}.pdf`, content_type: 'application/pdf', size: file.byteLength } });
    expect(created.status, created.text).toBe(201);
    const attachment = created.body.data;
    if (uploaded) {
      const form = new FormData();
      for (const [name, value] of Object.entries(attachment.upload.fields as Record<string, string>)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(file)]), 'upload.bin');
      expect((await fetch(attachment.upload.url, { method: 'POST', body: form })).status).toBe(204);
      await eventually(async () => (await call('GET', `/api/v1/attachments/${attachment.id}`, { key: business.key })).body.data.status === 'available', STREAM_LAG_MS);
    }
    return attachment.id as string;
  };
  const files = { invoice: [await attach('invoice', invoice, true), await attach('invoice', invoice, false)], journal: await attach('journal', journal, true) };
  const listed = async (path: string) => ((await call('GET', `/api/v1/${path}/attachments`, { key: business.key })).body.data.items as { id: string }[]).map((item) => item.id);
  return { business, invoice, journal, files, listed };
}

const fileOf = (businessId: string, id: string) => join(runtime.attachmentsDir, businessId, 'attachments', id);

describe('a void that takes its record\'s files when asked (issue 50: files are evidence, kept by default)', () => {
  it('keeps the files of a plain void, and deletes every file of one asked to, each with its audit entry', async () => {
    const w = await world();
    const kept = await call('POST', `/api/v1/journals/${w.journal}/void`, { key: w.business.key });
    expect(kept.status, kept.text).toBe(200);
    expect(await w.listed(`journals/${w.journal}`)).toEqual([w.files.journal]);
    expect(existsSync(fileOf(w.business.id, w.files.journal))).toBe(true);

    const removed = await call('POST', `/api/v1/invoices/${w.invoice}/void`, { key: w.business.key, body: { remove_attachments: true } });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data).toMatchObject({ status: 'Voided', void_date: '2026-11-02' });
    expect(await w.listed(`invoices/${w.invoice}`)).toEqual([]);
    expect(existsSync(fileOf(w.business.id, w.files.invoice[0]!))).toBe(false);
    for (const id of w.files.invoice) expect((await call('GET', `/api/v1/attachments/${id}`, { key: w.business.key })).status).toBe(404);
    const trail = (await call('GET', `/api/v1/audit-log?record_type=attachment&page_size=50`, { key: w.business.key })).body.data.items as { action: string; record: { id: string } }[];
    expect(trail.filter((entry) => entry.action === 'deleted').map((entry) => entry.record.id).sort()).toEqual([...w.files.invoice].sort());
  });

  it('refuses, changing nothing, a removal the credential may not make (403) and one not true or false (400)', async () => {
    const w = await world();
    // May void invoices, not change them: it cannot delete their files.
    const voidOnly = await keyWithScopes(w.business.id, SCOPES.filter((scope) => scope !== 'sales_invoices:update'));
    const refused = await call('POST', `/api/v1/invoices/${w.invoice}/void`, { key: voidOnly, body: { remove_attachments: true } });
    expect(refused.status, refused.text).toBe(403);
    const malformed = await call('POST', `/api/v1/invoices/${w.invoice}/void`, { key: w.business.key, body: { remove_attachments: 'yes' } });
    expect(malformed.status, malformed.text).toBe(400);
    expect(malformed.body.details.map((detail: { field: string }) => detail.field)).toEqual(['remove_attachments']);
    expect((await call('GET', `/api/v1/invoices/${w.invoice}`, { key: w.business.key })).body.data.status).toBe('Open');
    expect((await w.listed(`invoices/${w.invoice}`)).sort()).toEqual([...w.files.invoice].sort());
    // A void without the removal still works for that key, and keeps the files.
    expect((await call('POST', `/api/v1/invoices/${w.invoice}/void`, { key: voidOnly })).status).toBe(200);
    expect((await w.listed(`invoices/${w.invoice}`)).length).toBe(2);
  });
});
