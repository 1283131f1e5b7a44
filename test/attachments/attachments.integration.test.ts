import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../shared/platform/http/scopes.ts';
import { MAX_ATTACHMENTS_PER_RECORD } from '../../shared/attachments/file-kinds.ts';
import { call, freshBusiness, keyWithScopes, runtime } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { SAMPLES } from './samples.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

interface Upload {
  readonly url: string;
  readonly method: 'POST';
  readonly fields: Record<string, string>;
}

/** A PDF of some size: its header, then filler. */
const pdfOf = (size: number) => Buffer.concat([SAMPLES['application/pdf'], Buffer.alloc(size - SAMPLES['application/pdf'].byteLength, 0x20)]);

/** Sends the file as a browser sends the form: every field as given, then the file, last, named file. */
async function upload(form: Upload, file: Buffer, fields: Record<string, string> = form.fields): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(file)]), 'upload.bin');
  return fetch(form.url, { method: form.method, body });
}

async function world() {
  const business = await freshBusiness();
  const post = async (path: string, body: unknown, key = business.key) => {
    const answer = await call('POST', path, { key, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body.data;
  };
  const customer = (await post('/api/v1/customers', { name: 'Acme Ltd' })).id as string;
  const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] })).id as string;
  const attach = (file: { type?: string; id?: string; name?: string; contentType?: string; size: number }, key = business.key) =>
    call('POST', '/api/v1/attachments', { key, body: { record: { type: file.type ?? 'invoice', id: file.id ?? invoice }, file_name: file.name ?? 'receipt.pdf', content_type: file.contentType ?? 'application/pdf', size: file.size } });
  const read = (id: string, key = business.key) => call('GET', `/api/v1/attachments/${id}`, { key });
  const settled = async (id: string) => {
    await eventually(async () => (await read(id)).body.data.status !== 'pending', STREAM_LAG_MS);
    return (await read(id)).body.data;
  };
  return { business, post, customer, invoice, attach, read, settled };
}

const fileOf = (business: Business, id: string) => join(runtime.attachmentsDir, business.id, 'attachments', id);

describe('attachments', () => {
  it('upload straight to storage, checked, listed on the record, downloaded byte for byte, deleted', async () => {
    const w = await world();
    const file = pdfOf(200_000);
    const created = await w.attach({ size: file.byteLength });
    expect(created.status, created.text).toBe(201);
    const attachment = created.body.data;
    expect(attachment).toMatchObject({ record: { type: 'invoice', id: w.invoice }, file_name: 'receipt.pdf', content_type: 'application/pdf', size: 200_000, status: 'pending', checked_at: null, upload: { method: 'POST' } });
    expect(attachment.upload.fields).toMatchObject({ key: `${w.business.id}/attachments/${attachment.id}`, 'Content-Type': 'application/pdf' });
    expect(Date.parse(attachment.upload.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Not yet uploaded: nothing to download.
    expect((await w.read(attachment.id)).body.data).toMatchObject({ status: 'pending', download_url: null });
    // Larger than the body limit of the API's own routes (1 MiB of JSON, 10 MB at the gateway): the form goes around them.
    expect((await upload(attachment.upload, file)).status).toBe(204);
    const checked = await w.settled(attachment.id);
    expect(checked).toMatchObject({ status: 'available', checked_at: expect.any(String) });
    expect(Date.parse(checked.download_expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const downloaded = await fetch(checked.download_url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="receipt.pdf"');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(file)).toBe(true);
    // The record lists its files; the trail and the events feed have the upload.
    const listed = await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([[attachment.id, 'available']]);
    const trail = await call('GET', `/api/v1/audit-log?record_type=attachment&record_id=${attachment.id}`, { key: w.business.key });
    expect(trail.body.data.items.map((entry: { action: string }) => entry.action).sort()).toEqual(['checked', 'created']);
    expect(await eventually(async () => (await call('GET', '/api/v1/events?limit=100', { key: w.business.key })).body.data.items.some((event: { type: string; data: { id: string } }) => event.type === 'attachment.added' && event.data.id === attachment.id), STREAM_LAG_MS)).toBe(true);

    const deleted = await call('DELETE', `/api/v1/attachments/${attachment.id}`, { key: w.business.key });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await w.read(attachment.id)).status).toBe(404);
    expect((await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items).toEqual([]);
    expect(existsSync(fileOf(w.business, attachment.id))).toBe(false);
    expect((await fetch(checked.download_url)).status).toBe(403);
    expect((await call('DELETE', `/api/v1/attachments/${attachment.id}`, { key: w.business.key })).status).toBe(404);
  });

  it('each kind is checked by its first bytes: a file lying about its type is rejected and deleted', async () => {
    const w = await world();
    const png = SAMPLES['image/png'];
    const honest = (await w.attach({ name: 'photo.png', contentType: 'image/png', size: png.byteLength })).body.data;
    const lying = (await w.attach({ name: 'invoice.pdf', contentType: 'application/pdf', size: png.byteLength })).body.data;
    const csv = SAMPLES['text/csv'];
    const statement = (await w.attach({ name: 'bank.csv', contentType: 'text/csv', size: csv.byteLength })).body.data;
    expect((await upload(honest.upload, png)).status).toBe(204);
    expect((await upload(lying.upload, png)).status).toBe(204);
    expect((await upload(statement.upload, csv)).status).toBe(204);
    expect((await w.settled(honest.id)).status).toBe('available');
    expect((await w.settled(statement.id)).status).toBe('available');
    const rejected = await w.settled(lying.id);
    expect(rejected).toMatchObject({ status: 'rejected', download_url: null });
    expect(existsSync(fileOf(w.business, lying.id))).toBe(false);
    // A rejected file leaves the record's list and its count.
    const listed = (await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items.map((item: { id: string }) => item.id);
    expect(listed.sort()).toEqual([honest.id, statement.id].sort());
  });

  it('the form is bound to its size, type and key: more bytes, fewer, another type or another key are refused and nothing is kept', async () => {
    const w = await world();
    const attachment = (await w.attach({ size: 1000 })).body.data;
    const form = attachment.upload as Upload;
    const tooLarge = await upload(form, pdfOf(1001));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('EntityTooLarge');
    const tooSmall = await upload(form, pdfOf(999));
    expect(tooSmall.status).toBe(400);
    expect(await tooSmall.text()).toContain('EntityTooSmall');
    expect((await upload(form, pdfOf(1000), { ...form.fields, 'Content-Type': 'image/png' })).status).toBe(403);
    const other = await world();
    const theirs = (await other.attach({ size: 1000 })).body.data;
    // A form for one object cannot write another business's key, even with a key of the same shape.
    expect((await upload(form, pdfOf(1000), { ...form.fields, key: theirs.upload.fields.key })).status).toBe(403);
    expect((await upload(form, pdfOf(1000), { ...form.fields, policy: theirs.upload.fields.policy })).status).toBe(403);
    expect(existsSync(fileOf(w.business, attachment.id))).toBe(false);
    expect(existsSync(fileOf(other.business, theirs.id))).toBe(false);
    expect((await w.read(attachment.id)).body.data.status).toBe('pending');
    // The right file then goes through.
    expect((await upload(form, pdfOf(1000))).status).toBe(204);
    expect((await w.settled(attachment.id)).status).toBe('available');
  });

  it('refuses a declaration it would not keep, and a record that is not there, with 4xx naming the field', async () => {
    const w = await world();
    const oversize = await w.attach({ size: 25 * 1024 * 1024 + 1 });
    expect(oversize.status).toBe(400);
    expect(oversize.body.details).toEqual([expect.objectContaining({ field: 'size' })]);
    const exe = await w.attach({ contentType: 'application/x-msdownload', size: 10 });
    expect(exe.status).toBe(400);
    expect(exe.body.details).toEqual([expect.objectContaining({ field: 'content_type' })]);
    expect((await w.attach({ name: '../../etc/passwd', size: 10 })).body.details).toEqual([expect.objectContaining({ field: 'file_name' })]);
    expect((await w.attach({ type: 'ledger', size: 10 })).body.details).toEqual([expect.objectContaining({ field: 'record.type' })]);
    // The invoice's id named as a bill, or a customer, is no record.
    expect((await w.attach({ type: 'bill', size: 10 })).status).toBe(404);
    expect((await w.attach({ type: 'customer', id: w.invoice, size: 10 })).status).toBe(404);
    expect((await w.attach({ type: 'customer', id: w.customer, size: 10 })).status).toBe(201);
    expect((await call('GET', `/api/v1/ledgers/${w.invoice}/attachments`, { key: w.business.key })).status).toBe(404);
    expect((await call('GET', `/api/v1/bills/${w.invoice}/attachments`, { key: w.business.key })).status).toBe(404);
    // A draft is there but holds no files until it is approved (under the same id): said so, not "no record".
    const draft = (await w.post('/api/v1/invoices', { status: 'draft', customer_id: w.customer, invoice_date: '2026-11-03', lines: [{ description: 'Work', quantity: 1, unit_price: 50 }] })).id as string;
    const toDraft = await w.attach({ id: draft, size: 10 });
    expect(toDraft.status).toBe(409);
    expect(toDraft.body.error_description).toContain('once it is approved');
    expect((await w.attach({ type: 'bill', id: draft, size: 10 })).status).toBe(404);
    const listed = await call('GET', `/api/v1/invoices/${draft}/attachments`, { key: w.business.key });
    expect([listed.status, listed.body.data.items]).toEqual([200, []]);
    expect((await call('POST', `/api/v1/invoices/${draft}/approve`, { key: w.business.key })).status).toBe(200);
    expect((await w.attach({ id: draft, size: 10 })).status).toBe(201);
  });

  it('nobody reaches another business\'s file, and a credential needs the record\'s own scopes', async () => {
    const w = await world();
    const other = await world();
    const file = SAMPLES['text/plain'];
    const attachment = (await w.attach({ name: 'note.txt', contentType: 'text/plain', size: file.byteLength })).body.data;
    await upload(attachment.upload, file);
    expect((await w.settled(attachment.id)).status).toBe('available');
    // Another business: its key neither reads, lists, deletes nor attaches to this business's records.
    expect((await w.read(attachment.id, other.business.key)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/attachments/${attachment.id}`, { key: other.business.key })).status).toBe(404);
    expect((await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: other.business.key })).status).toBe(404);
    expect((await w.attach({ size: 10 }, other.business.key)).status).toBe(404);
    // And this business does not see theirs.
    const theirs = (await other.attach({ size: 10 })).body.data;
    expect((await w.read(theirs.id)).status).toBe(404);

    const readOnly = await keyWithScopes(w.business.id, SCOPES.filter((scope) => scope !== 'sales_invoices:update'));
    const refused = await w.attach({ size: 10 }, readOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('insufficient_scope');
    expect((await w.read(attachment.id, readOnly)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/attachments/${attachment.id}`, { key: readOnly })).status).toBe(403);
    const noInvoices = await keyWithScopes(w.business.id, SCOPES.filter((scope) => !scope.startsWith('sales_invoices:')));
    expect((await w.read(attachment.id, noInvoices)).status).toBe(403);
    expect((await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: noInvoices })).status).toBe(403);
    expect((await w.read(attachment.id)).body.data.status).toBe('available');
  });

  it(`holds at most ${MAX_ATTACHMENTS_PER_RECORD} files on a record; a deleted one makes room`, async () => {
    const w = await world();
    const ids: string[] = [];
    for (let index = 0; index < MAX_ATTACHMENTS_PER_RECORD; index++) ids.push((await w.post('/api/v1/attachments', { record: { type: 'invoice', id: w.invoice }, file_name: `page-${index}.pdf`, content_type: 'application/pdf', size: 100 })).id);
    const full = await w.attach({ size: 100 });
    expect(full.status).toBe(409);
    expect(full.body.error_description).toContain(String(MAX_ATTACHMENTS_PER_RECORD));
    expect((await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items).toHaveLength(MAX_ATTACHMENTS_PER_RECORD);
    expect((await call('DELETE', `/api/v1/attachments/${ids[0]}`, { key: w.business.key })).status).toBe(200);
    expect((await w.attach({ size: 100 })).status).toBe(201);
    // Another record is counted on its own.
    expect((await w.attach({ type: 'customer', id: w.customer, size: 100 })).status).toBe(201);
  });

  it(`racing from several credentials, still makes at most ${MAX_ATTACHMENTS_PER_RECORD}: the counter's condition decides, not the read before it`, async () => {
    const w = await world();
    // The local server queues one caller's POSTs to a route behind each other (as one Lambda instance would not),
    // so the race is between keys, as between instances on AWS.
    const keys = [w.business.key, ...(await Promise.all([1, 2, 3].map(() => keyWithScopes(w.business.id, SCOPES))))];
    const answers = await Promise.all(Array.from({ length: MAX_ATTACHMENTS_PER_RECORD + 14 }, (_, index) => w.attach({ size: 100 + index }, keys[index % keys.length])));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ATTACHMENTS_PER_RECORD);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    expect((await call('GET', `/api/v1/invoices/${w.invoice}/attachments`, { key: w.business.key })).body.data.items).toHaveLength(MAX_ATTACHMENTS_PER_RECORD);
  });

  it('attaches to money, journals, bank lines and parties as well as documents', async () => {
    const w = await world();
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank', opening_balance_date: '2026-01-01' })).id;
    const receipt = (await w.post('/api/v1/receipts', { party_id: w.customer, date: '2026-11-03', payment_account_id: bank, allocations: [{ document_id: w.invoice, amount: 100 }] })).id;
    const [line] = (await w.post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-11-03', amount: 100 }] })).added;
    const accounts = (await call('GET', '/api/v1/accounts', { key: w.business.key })).body.data as { id: string; type: string }[];
    const expense = accounts.find((account) => account.type === 'expense')!.id;
    const equity = accounts.find((account) => account.type === 'equity')!.id;
    const journal = (await w.post('/api/v1/journals', { date: '2026-11-04', narration: 'Owner paid a fee', lines: [{ account_id: expense, debit: 5 }, { account_id: equity, credit: 5 }] })).id;
    for (const [type, id, collection] of [['receipt', receipt, 'receipts'], ['bank_line', line.id, 'bank-lines'], ['journal', journal, 'journals'], ['customer', w.customer, 'customers']] as const) {
      const made = await w.attach({ type, id, size: 10 });
      expect(made.status, `${type}: ${made.text}`).toBe(201);
      expect((await call('GET', `/api/v1/${collection}/${id}/attachments`, { key: w.business.key })).body.data.items.map((item: { id: string }) => item.id)).toEqual([made.body.data.id]);
    }
  });
});

