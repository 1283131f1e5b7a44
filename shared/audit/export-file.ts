/**
 * The file of an audit-log export job (see export-jobs.ts): written by the exports worker into the records bucket,
 * read through a download link. Apart from the job's record so that the projector, which only hands jobs on,
 * does not bundle the S3 client.
 */
import { Readable } from 'node:stream';
import { NotFound } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { queryPage, type Item } from '../platform/db/query.ts';
import { fileStore } from '../platform/files/file-store.ts';
import { rangeOf } from './audit-log.ts';
import { entryOfItem } from './chain-store.ts';
import { AUDIT_EXPORTS_FOLDER, exportStore, finishAuditExport, type AuditExportRecord } from './export-jobs.ts';

/** How long a download link of a finished export is good for. */
export const EXPORT_LINK_SECONDS = 300;
/** Entries read a query at a time while the file is written. */
const EXPORT_PAGE = 1000;

const fileKeyOf = (businessId: Id, record: AuditExportRecord) => `${AUDIT_EXPORTS_FOLDER}/${businessId}/${record.id}.jsonl`;
const fileNameOf = (record: AuditExportRecord) => `audit-log-${record.from}-${record.to}.jsonl`;

/** The job as the API shows it: once done, with a fresh download link (each read makes a new one). */
export async function downloadableAuditExport(businessId: Id, id: Id): Promise<AuditExportRecord & { readonly download_url: string | null; readonly download_expires_at: string | null }> {
  const stored = await exportStore.get(businessId, id);
  if (!stored) throw new NotFound('audit export');
  const record = stored.record;
  if (record.status !== 'done') return { ...record, download_url: null, download_expires_at: null };
  const link = await fileStore().downloadLink(fileKeyOf(businessId, record), fileNameOf(record), EXPORT_LINK_SECONDS);
  return { ...record, download_url: link.url, download_expires_at: link.expiresAt };
}

/** Every entry of the range, oldest first, a page at a time across its years. */
async function* entryLines(businessId: Id, from: string, to: string, counted: { entries: number; bytes: number }): AsyncGenerator<string> {
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const range = rangeOf(businessId, year, {}, from, to);
    let after: Item | undefined;
    do {
      const items = await queryPage(range, 0, EXPORT_PAGE, after ? { pk: after.pk, sk: after.sk } : undefined);
      const text = items.map((item) => `${JSON.stringify(entryOfItem(item))}\n`).join('');
      counted.entries += items.length;
      counted.bytes += Buffer.byteLength(text);
      if (text) yield text;
      after = items.length === EXPORT_PAGE ? items.at(-1) : undefined;
    } while (after);
  }
}

/** Writes a pending job's file and marks it done; a job already finished (a message delivered twice) is left as it is. */
export async function runAuditExport(businessId: Id, id: Id): Promise<boolean> {
  const stored = await exportStore.get(businessId, id);
  if (!stored || stored.record.status !== 'pending') return false;
  const record = stored.record;
  const counted = { entries: 0, bytes: 0 };
  await fileStore().put({ key: fileKeyOf(businessId, record), body: Readable.from(entryLines(businessId, record.from, record.to, counted)), contentType: 'application/x-ndjson' });
  await finishAuditExport(businessId, id, { status: 'done', entries: counted.entries, bytes: counted.bytes });
  return true;
}

