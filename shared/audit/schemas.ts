import * as v from 'valibot';
import { CalendarDate, CursorParameter, PositiveInteger, ResourceId, Timestamp } from '../platform/core/fields.ts';
import { decodeJsonCursor, encodeJsonCursor } from '../platform/core/paging.ts';
import { DOCUMENT_SPECS } from '../ledger/index.ts';
import type { DocumentType } from '../ledger/index.ts';

/** Where the next page of the audit log starts: the year's collection and the last entry's keys. */
export interface AuditCursor {
  readonly year: number;
  readonly after: Readonly<Record<string, string>>;
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return encodeJsonCursor(cursor);
}

function decodeAuditCursor(text: string): AuditCursor | undefined {
  return decodeJsonCursor(text, ({ year, after }) => {
    if (typeof year !== 'number' || !Number.isSafeInteger(year) || typeof after !== 'object' || after === null) return undefined;
    return Object.values(after).every((part) => typeof part === 'string') ? { year, after: after as Record<string, string> } : undefined;
  });
}

export const AuditLogQuery = v.strictObject({
  record_type: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/, 'must be a record type such as invoice or receipt'))),
  record_id: v.optional(v.pipe(v.string(), v.uuid('must be a record id'))),
  actor_id: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  action: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,40}$/, 'must be an action such as created or voided'))),
  from: v.optional(v.pipe(CalendarDate, v.description('First day (default: seven years before `to`).'))),
  to: v.optional(v.pipe(CalendarDate, v.description('Last day (default today).'))),
  page_size: v.optional(v.pipe(PositiveInteger, v.maxValue(200, 'must be at most 200'), v.description('Entries per page, 1 to 200 (default 50).'))),
  cursor: v.optional(CursorParameter('The `next_cursor` of the previous page: continues after its last entry.', decodeAuditCursor)),
});

const RecordRef = v.object({ type: v.string(), id: v.string(), no: v.nullable(v.string()) });

export const AuditEntryResource = v.object({
  id: ResourceId,
  seq: v.pipe(v.nullable(v.number()), v.description('Gapless per business once chained (within seconds of the change); null until then.')),
  at: Timestamp,
  actor: v.object({ type: v.picklist(['user', 'api_key', 'oauth_app', 'service']), id: v.string(), name: v.nullable(v.string()), user_id: v.nullable(v.string()) }),
  action: v.string(),
  record: RecordRef,
  related: v.array(RecordRef),
  changes: v.array(v.object({ field: v.string(), from: v.unknown(), to: v.unknown() })),
  request_id: v.nullable(v.string()),
  client_ip: v.nullable(v.string()),
  prev_hash: v.nullable(v.string()),
  hash: v.nullable(v.string()),
});

export const AuditLogPage = v.object({
  items: v.array(AuditEntryResource),
  next_cursor: v.pipe(v.nullable(v.string()), v.description('Pass as `cursor` for the next page; null on the last one.')),
});

export type AuditLogQueryInput = v.InferOutput<typeof AuditLogQuery>;

export const AuditVerifyQuery = v.strictObject({
  from_seq: v.optional(v.pipe(PositiveInteger, v.minValue(1, 'must be at least 1'), v.description('First seq to check (default 1).'))),
  to_seq: v.optional(v.pipe(PositiveInteger, v.minValue(1, 'must be at least 1'), v.description('Last seq to check (default the head). A stretch longer than 1,000 entries is checked a page at a time: see `next_from_seq`.'))),
});

export type AuditVerifyQueryInput = v.InferOutput<typeof AuditVerifyQuery>;

export const AuditVerification = v.object({
  checked: v.pipe(v.number(), v.description('Entries recomputed and found whole.')),
  ok: v.boolean(),
  first_bad_seq: v.pipe(v.nullable(v.number()), v.description('The first seq whose entry is altered, missing or out of place (or the head, when the last entry is gone); null when the stretch holds.')),
  head_seq: v.pipe(v.number(), v.description("The business's head: the last seq chained.")),
  next_from_seq: v.pipe(v.nullable(v.number()), v.description('Where the next page of a long stretch starts, when this page held and more was asked for; null otherwise.')),
});

/** Each document type's collection by its path, and its type, which its records' entries carry. */
const DOCUMENT_COLLECTIONS = Object.fromEntries(Object.values(DOCUMENT_SPECS).map((spec) => [spec.path, spec.type])) as { readonly [T in DocumentType as (typeof DOCUMENT_SPECS)[T]['path']]: T };

/** The collections whose records have a history by path, and the record type their entries carry. */
export const HISTORY_COLLECTIONS = {
  ...DOCUMENT_COLLECTIONS,
  'vendor-credit-allocations': 'vendor_credit_allocation',
  receipts: 'receipt',
  payments: 'payment',
  'credit-allocations': 'credit_allocation',
  'prepayment-allocations': 'prepayment_allocation',
  'vendor-prepayment-allocations': 'vendor_prepayment_allocation',
  refunds: 'refund',
  'vendor-refunds': 'vendor_refund',
  journals: 'journal',
  customers: 'customer',
  vendors: 'vendor',
  items: 'item',
  accounts: 'account',
  'tax-rates': 'tax_rate',
  'recurring-invoices': 'recurring_invoice',
  'api-keys': 'api_key',
  'payout-rails': 'payout_rail',
} as const satisfies Record<string, string>;

export type HistoryCollection = keyof typeof HISTORY_COLLECTIONS;

export const AuditHistoryQuery = v.strictObject({
  page_size: AuditLogQuery.entries.page_size,
  cursor: AuditLogQuery.entries.cursor,
});

export type AuditHistoryQueryInput = v.InferOutput<typeof AuditHistoryQuery>;

export const AuditExportQuery = v.strictObject({
  from: v.optional(v.pipe(CalendarDate, v.description('First day (default: `to`).'))),
  to: v.optional(v.pipe(CalendarDate, v.description('Last day (default today).'))),
});

export type AuditExportQueryInput = v.InferOutput<typeof AuditExportQuery>;

export const AuditExportJob = v.strictObject({
  from: v.optional(v.pipe(CalendarDate, v.description('First day (default: seven years before `to`, the trail kept).'))),
  to: v.optional(v.pipe(CalendarDate, v.description('Last day (default today).'))),
});

export type AuditExportJobInput = v.InferOutput<typeof AuditExportJob>;

export const AuditExportResource = v.object({
  id: ResourceId,
  status: v.pipe(v.picklist(['pending', 'done', 'failed']), v.description('pending until the file is written (usually seconds), then done, or failed after its last attempt.')),
  from: CalendarDate,
  to: CalendarDate,
  entries: v.pipe(v.nullable(v.number()), v.description('Entries in the file, once done.')),
  bytes: v.pipe(v.nullable(v.number()), v.description("The file's size in bytes, once done.")),
  error: v.nullable(v.string()),
  created_at: Timestamp,
  completed_at: v.nullable(Timestamp),
  download_url: v.pipe(v.nullable(v.string()), v.description('Once done: where the file (JSON lines, audit-log-<from>-<to>.jsonl) downloads from, without credentials, for five minutes; each read of the job makes a new one.')),
  download_expires_at: v.nullable(Timestamp),
});
