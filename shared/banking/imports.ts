/**
 * Statements too long for one transaction (up to 10,000 lines): the request stores the import { collectionPk, type Key } from '../platform/db/keys.ts';
import and its lines, in
 * chunks, in one transaction and answers 202; a queue consumer stores one chunk at a time (45 lines to a
 * transaction, each line once by its external id, the rules applied line by line) and moves the import on. The
 * import's own changes drive it: the projector hands a queued or running import's next chunk to the imports queue
 * (`functions/platform/streams/project.ts`), so a crash at any point resumes from the chunk that was not finished, and the
 * lines an earlier attempt stored are found by their key and counted once. One `bank_feed.received` fires when the
 * last chunk is stored, carrying the import's counts. See docs/bank-reconciliation.md.
 */
import { addAuditEntry } from '../platform/trail/write.ts';
import { createdAction } from '../platform/trail/actions.ts';
import * as v from 'valibot';
import { collection } from '../platform/db/collection.ts';
import { collectionPk, type Key } from '../platform/db/keys.ts';
import { messageQueue } from '../platform/outbox/transports.ts';
import { getItem } from '../platform/db/query.ts';
import { mustNotExist, WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound, RuleViolation } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { toMinor } from '../platform/core/money.ts';
import { emit } from '../platform/outbox/emit.ts';
import { findCashFlowAccount } from '../ledger/index.ts';
import { receiveLines } from './intake.ts';
import { addStatedBalance } from './line-totals.ts';
import { MAX_LINES_PER_CALL, type LineInput, type StatedBalance } from './lines.ts';

export const MAX_IMPORT_LINES = 10_000;
/** Lines per stored chunk at most: 10,000 lines of a usual statement are 40 chunks, one transaction. */
export const LINES_PER_CHUNK = 250;
/** A chunk's encoded lines at most: an item holds 400 KB, so long descriptions make more, smaller chunks. */
export const CHUNK_BYTES = 300_000;
/** The queued import as one transaction: at most 100 items and 4 MB, with room for the import record and its audit entry. */
const MAX_CHUNKS = 98;
const MAX_QUEUED_BYTES = 3_500_000;

/** The lines cut into chunks by count and by encoded size, in order. */
export function chunksOf(lines: readonly LineInput[]): { readonly chunks: LineInput[][]; readonly bytes: number } {
  const chunks: LineInput[][] = [];
  let current: LineInput[] = [];
  let currentBytes = 0;
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(JSON.stringify(line));
    if (current.length > 0 && (current.length === LINES_PER_CHUNK || currentBytes + size > CHUNK_BYTES)) {
      chunks.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(line);
    currentBytes += size;
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return { chunks, bytes };
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ImportRecord {
  readonly id: Id;
  readonly account_id: Id;
  readonly status: ImportStatus;
  readonly lines_total: number;
  readonly chunks: number;
  /** The first chunk not yet stored: the consumer takes this one, and moves it on in the same write as the counts. */
  readonly next_chunk: number;
  readonly lines_added: number;
  readonly lines_skipped: number;
  readonly lines_categorized: number;
  readonly problems: readonly { readonly field: string; readonly message: string }[];
  readonly stated: StatedBalance | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const importStore = collection<ImportRecord>({ kind: 'BANK_IMPORT', order: (record) => `IMPORT#${record.created_at}#${record.id}` });

export function toImportResource(record: ImportRecord) {
  const { next_chunk: _next, chunks: _chunks, stated: _stated, ...shown } = record;
  return shown;
}

export type ImportResource = ReturnType<typeof toImportResource>;

/** Queues an import of more lines than one call stores: the import and every chunk of its lines in one transaction. */
export async function queueImport(businessId: Id, accountId: Id, lines: readonly LineInput[], stated: StatedBalance | undefined): Promise<ImportResource> {
  if (lines.length > MAX_IMPORT_LINES) throw RuleViolation.of('content', `holds ${lines.length} lines; import at most ${MAX_IMPORT_LINES} at a time`);
  const account = await findCashFlowAccount(businessId, accountId);
  if (!account?.currency) throw new NotFound('bank account');
  const currency = account.currency;
  const problems = lines.flatMap((line, index) => (toMinor(line.amount, currency) === null ? [{ field: `lines[${index}].amount`, message: `must have at most the minor digits of ${currency}` }] : []));
  if (stated && toMinor(stated.balance, currency) === null) problems.push({ field: 'closing_balance', message: `must have at most the minor digits of ${currency}` });
  if (problems.length > 0) throw new RuleViolation(problems.slice(0, 100));
  const planned = chunksOf(lines);
  if (planned.chunks.length > MAX_CHUNKS || planned.bytes > MAX_QUEUED_BYTES) throw RuleViolation.of('content', `holds ${Math.ceil(planned.bytes / 1000)} KB of lines; split the statement into smaller files`);
  const now = new Date().toISOString();
  const chunks = planned.chunks.length;
  const record: ImportRecord = { id: newId(), account_id: accountId, status: 'queued', lines_total: lines.length, chunks, next_chunk: 0, lines_added: 0, lines_skipped: 0, lines_categorized: 0, problems: [], stated: stated ?? null, created_at: now, updated_at: now };
  const tx = new WriteTransaction();
  importStore.addCreate(tx, businessId, record);
  // The import's own entry (each line it adds leaves one more, by the import worker as the service).
  addAuditEntry(tx, businessId, createdAction('bank_import', record, [{ type: 'bank_account', id: accountId, no: null }]));
  planned.chunks.forEach((chunkLines, chunk) => {
    tx.put(`BANK_IMPORT:chunk`, { ...importChunkKey(businessId, record.id, chunk), entity: 'BANK_IMPORT_CHUNK', lines: chunkLines }, mustNotExist);
  });
  await tx.commit();
  return toImportResource(record);
}

export async function getImport(businessId: Id, id: Id): Promise<ImportResource> {
  const stored = await importStore.get(businessId, id);
  if (!stored) throw new NotFound('import');
  return toImportResource(stored.record);
}

/** The chunk a queued or running import waits on, or undefined when it is finished (what the projector hands on). */
export function pendingChunk(record: ImportRecord): number | undefined {
  return (record.status === 'queued' || record.status === 'running') && record.next_chunk < record.chunks ? record.next_chunk : undefined;
}

/**
 * Stores one chunk of an import and moves it on: its lines 45 to a transaction (a line stored by an earlier attempt
 * is found by its key and counted as this import's), then the counts, the next chunk and the chunk's removal in one
 * transaction conditioned on the chunk still being the next; the last chunk marks the import done, records the
 * statement's closing balance and fires `bank_feed.received`. A message for a chunk already stored does nothing.
 */
export async function storeImportChunk(businessId: Id, importId: Id, chunk: number): Promise<boolean> {
  const stored = await importStore.get(businessId, importId);
  if (!stored || pendingChunk(stored.record) !== chunk) return false;
  const record = stored.record;
  const chunkItem = await getItem(importChunkKey(businessId, importId, chunk));
  const lines = (chunkItem?.lines ?? []) as LineInput[];
  let added = 0;
  let skipped = 0;
  let categorized = 0;
  const last = chunk + 1 === record.chunks;
  for (let start = 0; start < lines.length; start += MAX_LINES_PER_CALL) {
    const received = await receiveLines(businessId, record.account_id, lines.slice(start, start + MAX_LINES_PER_CALL), 'import', undefined, importId);
    added += received.added.length + received.earlier.count;
    skipped += received.skipped.length - received.earlier.count;
    categorized += received.categorized + received.earlier.categorized;
  }
  const now = new Date().toISOString();
  const next: ImportRecord = { ...record, status: last ? 'done' : 'running', next_chunk: chunk + 1, lines_added: record.lines_added + added, lines_skipped: record.lines_skipped + skipped, lines_categorized: record.lines_categorized + categorized, updated_at: now };
  const tx = new WriteTransaction();
  importStore.addReplace(tx, businessId, next, stored.version);
  tx.delete('BANK_IMPORT:chunk', importChunkKey(businessId, importId, chunk));
  if (last) {
    emit(tx, businessId, 'bank_feed.received', { account_id: record.account_id, source: 'import', import_id: importId, lines_added: next.lines_added, lines_skipped: next.lines_skipped, lines_categorized: next.lines_categorized, lines: [] });
    if (record.stated) {
      const account = await findCashFlowAccount(businessId, record.account_id);
      const balance = toMinor(record.stated.balance, account?.currency ?? '');
      if (balance !== null) addStatedBalance(tx, businessId, record.account_id, record.stated.date, balance);
    }
  }
  await tx.commit();
  return true;
}

/**
 * Marks an import failed when its chunk has failed its last attempt (the message then goes to the dead-letter
 * queue): the lines of the chunks before it stay stored and counted, and the problem names the chunk.
 */
export async function failImport(businessId: Id, importId: Id, chunk: number, attempts: number): Promise<void> {
  await importStore.modify(businessId, importId, (record) => {
    if (pendingChunk(record) !== chunk) return record;
    // Chunks differ in length (they are cut by size too); every line before the failed chunk is counted.
    const first = record.lines_added + record.lines_skipped;
    const problem = { field: `lines[${first}]`, message: `lines from ${first + 1} on could not be stored after ${attempts} attempts; the lines before them are stored, and importing the file again resumes without doubling any` };
    return { ...record, status: 'failed', problems: [...record.problems, problem], updated_at: new Date().toISOString() };
  });
}

/** The imports queue's message: one chunk of one import. */
export const ImportChunkJob = v.object({ business_id: v.pipe(v.string(), v.transform((id) => id as Id)), import_id: v.pipe(v.string(), v.transform((id) => id as Id)), chunk: v.pipe(v.number(), v.integer(), v.minValue(0)) });
export type ImportChunkJob = v.InferInput<typeof ImportChunkJob>;

/** Hands an import's next chunk to the imports queue (the projector, on each change of the import). */
export async function dispatchImport(businessId: Id, record: ImportRecord): Promise<boolean> {
  const chunk = pendingChunk(record);
  if (chunk === undefined) return false;
  const job: ImportChunkJob = { business_id: businessId, import_id: record.id, chunk };
  await messageQueue().send('imports', JSON.stringify(job), { group: businessId });
  return true;
}

/** One chunk of a queued bank import's lines, kept until a queue consumer has stored them. */
export function importChunkKey(businessId: Id, importId: Id, chunk: number): Key {
  return { pk: collectionPk(businessId, 'BANK_IMPORT'), sk: `#CHUNK#${importId}#${String(chunk).padStart(4, '0')}` };
}
