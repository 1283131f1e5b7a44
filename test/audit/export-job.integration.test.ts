import { describe, expect, it } from 'vitest';
import { call, chainSettled, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

interface ExportJob {
  readonly id: string;
  readonly status: 'pending' | 'done' | 'failed';
  readonly from: string;
  readonly to: string;
  readonly entries: number | null;
  readonly bytes: number | null;
  readonly download_url: string | null;
  readonly download_expires_at: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A job, read until its worker has finished it. */
async function finished(key: string, id: string): Promise<ExportJob> {
  let job: ExportJob | undefined;
  const done = async () => {
    const answer = await call('GET', `/api/v1/audit-log/exports/${id}`, { key });
    expect(answer.status, answer.text).toBe(200);
    job = answer.body.data as ExportJob;
    return job.status !== 'pending';
  };
  expect(await eventually(done, STREAM_LAG_MS, 100), `export ${id} still pending`).toBe(true);
  return job!;
}

async function booksWithChanges() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Exported') })).id as string;
  for (const amount of [10, 20]) await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: amount }] });
  await chainSettled(business.id);
  return business;
}

describe('an audit-log export of any range, as a job', () => {
  it('answers 202 pending, then done with a file in the records bucket: the same entries, chain fields and order as the JSON lines of GET /audit-log/export', async () => {
    const business = await booksWithChanges();
    const expected = await call('GET', `/api/v1/audit-log/export?from=${today()}&to=${today()}`, { key: business.key });
    expect(expected.status).toBe(200);
    const queued = await call('POST', '/api/v1/audit-log/exports', { key: business.key, body: { from: today(), to: today() } });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body.data).toMatchObject({ status: 'pending', from: today(), to: today(), entries: null, download_url: null });
    const job = await finished(business.key, queued.body.data.id);
    // The business, the key, the customer and two invoices: the job's own entry is written with it, so it is in the file too.
    const lines = expected.text.trim().split('\n');
    expect(job).toMatchObject({ status: 'done', entries: lines.length + 1, download_url: expect.any(String) });
    expect(Date.parse(job.download_expires_at!) - Date.now()).toBeGreaterThan(200_000);
    expect(Date.parse(job.download_expires_at!) - Date.now()).toBeLessThanOrEqual(300_000);

    // The link downloads without credentials, names the file, and holds the range's entries oldest first.
    const download = await fetch(job.download_url!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="audit-log-${today()}-${today()}.jsonl"`);
    const text = await download.text();
    expect(Buffer.byteLength(text)).toBe(job.bytes);
    const file = text.trim().split('\n');
    const entries = file.map((line) => JSON.parse(line) as { action: string; record: { type: string }; seq: number | null });
    expect(entries.map((entry) => `${entry.action} ${entry.record.type}`)).toEqual(['created business', 'created api_key', 'created customer', 'created invoice', 'created invoice', 'created audit_export']);
    // Every entry but the job's own (chained after the file may be written) is the same line as the short export's.
    expect(file.slice(0, lines.length)).toEqual(lines);
  });

  it('refuses a link that was altered, and shows another business nothing of the job', async () => {
    const business = await booksWithChanges();
    const other = await freshBusiness();
    const queued = await call('POST', '/api/v1/audit-log/exports', { key: business.key });
    expect(queued.status, queued.text).toBe(202);
    // No range: the seven years kept, to today.
    expect(queued.body.data).toMatchObject({ from: `${Number(today().slice(0, 4)) - 7}${today().slice(4)}`, to: today() });
    const job = await finished(business.key, queued.body.data.id);
    expect(job.entries).toBe(6);
    const url = new URL(job.download_url!);
    url.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`);
    expect((await fetch(url)).status).toBe(403);
    const later = new URL(job.download_url!);
    later.searchParams.set('expires', new Date(Date.now() + 3_600_000).toISOString());
    expect((await fetch(later)).status).toBe(403);
    const foreign = await call('GET', `/api/v1/audit-log/exports/${job.id}`, { key: other.key });
    expect(foreign.status).toBe(404);
  });

  it('refuses a range that ends before it starts, and unknown fields, changing nothing', async () => {
    const business = await freshBusiness();
    const backwards = await call('POST', '/api/v1/audit-log/exports', { key: business.key, body: { from: '2026-05-02', to: '2026-05-01' } });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('from');
    const unknown = await call('POST', '/api/v1/audit-log/exports', { key: business.key, body: { since: '2026-05-01' } });
    expect(unknown.status).toBe(400);
    const log = await call('GET', '/api/v1/audit-log?record_type=audit_export', { key: business.key });
    expect(log.body.data.items).toEqual([]);
  });
});
