import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { passesAny, PROJECTION_STREAM_FILTERS } from '../../../events/rules.ts';
import { documentStore } from '../../../shared/ledger/documents/records.ts';
import { DOCUMENT_STATUS } from '../../../shared/ledger/documents/status-projection.ts';
import type { DocumentRecord } from '../../../shared/ledger/documents/records.ts';
import { journalStore, type JournalEntryRecord } from '../../../shared/ledger/journal.ts';
import { projectGeneralLedger } from '../../../shared/ledger/general-ledger.ts';
import { isMatchablePosting, isSuggestedDocument, OPEN_DOCUMENTS, pendingPostingChanges } from '../../../shared/banking/amount-index.ts';
import { dispatchImport, importStore, type ImportRecord } from '../../../shared/banking/imports.ts';
import { applyPending, pendingChanges, type SourceChange } from '../../../shared/platform/outbox/projection.ts';
import { normalizeId, type Id } from '../../../shared/platform/core/ids.ts';
import type { Key } from '../../../shared/platform/db/keys.ts';
import { handToChainer } from '../../../shared/audit/chainer.ts';
import { dispatchAuditExport, exportStore, type AuditExportRecord } from '../../../shared/audit/export-jobs.ts';
import { logLine, logger } from '../../../shared/platform/http/logger.ts';
import { telemetry } from '../../../shared/platform/observability/telemetry.ts';

const image = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);

/** The business a new audit entry belongs to (`BIZ#<b>#AUDIT#<yyyy>`, `E#…`), and the entry's key; only its INSERT is chained. */
function auditEntryOf(record: DynamoDBRecord): { readonly businessId: Id; readonly key: Key } | undefined {
  const keys = image(record.dynamodb?.Keys);
  const [, business] = /^BIZ#([^#]+)#AUDIT#\d{4}$/.exec(String(keys?.pk ?? '')) ?? [];
  const businessId = normalizeId(business ?? '');
  return businessId && record.eventName === 'INSERT' && String(keys?.sk).startsWith('E#') ? { businessId, key: { pk: String(keys!.pk), sk: String(keys!.sk) } } : undefined;
}

/** The business and record a stream record of a document or journal entry item is about (`BIZ#<b>#DOC`, `DOC#<id>`). */
function subjectOf(record: DynamoDBRecord): { readonly businessId: Id; readonly kind: 'DOC' | 'JOURNAL' | 'BANK_IMPORT' | 'AUDIT_EXPORT'; readonly recordId: Id } | undefined {
  const keys = image(record.dynamodb?.Keys);
  const [, business, kind] = /^BIZ#([^#]+)#(DOC|JOURNAL|BANK_IMPORT|AUDIT_EXPORT)$/.exec(String(keys?.pk ?? '')) ?? [];
  const businessId = normalizeId(business ?? '');
  const recordId = normalizeId(String(keys?.sk ?? '').slice(`${kind}#`.length));
  return businessId && recordId && (kind === 'DOC' || kind === 'JOURNAL' || kind === 'BANK_IMPORT' || kind === 'AUDIT_EXPORT') ? { businessId, kind, recordId } : undefined;
}

/** A change of a record read from the stream's images: a deletion is the version after the last one seen. */
function changeOf<R>(store: { fromItem: (item: Record<string, unknown> | undefined) => { record: R; version: number } | undefined }, record: DynamoDBRecord, recordId: Id): SourceChange<R> & { readonly before: R | undefined } {
  const after = store.fromItem(image(record.dynamodb?.NewImage));
  const before = store.fromItem(image(record.dynamodb?.OldImage));
  return { recordId, version: after?.version ?? (before ? before.version + 1 : 0), record: after?.record, before: before?.record };
}

interface BusinessChanges {
  readonly first: DynamoDBRecord;
  readonly documents: SourceChange<DocumentRecord>[];
  readonly postings: SourceChange<JournalEntryRecord>[];
  /** Every journal entry as it now is, for the general ledger's lines. */
  readonly entries: JournalEntryRecord[];
  /** Queued imports as they now are, newest image of each. */
  readonly imports: Map<Id, ImportRecord>;
  /** New audit entries, in commit order, for the chainer. */
  readonly audit: Key[];
  /** Audit-log export jobs as they now are. */
  readonly exports: Map<Id, AuditExportRecord>;
}

/** Every projection a business's changes feed (documents by status and open documents by amount; unmatched postings; the general ledger), its queued imports and its new audit entries. */
async function projectAll(businessId: Id, changes: BusinessChanges): Promise<void> {
  // An invoice's or bill's change moves both of its projections; other documents' only the status. The changes of
  // every projection share their marker reads and transactions: a receipt's posting and its invoice's new balance
  // cost one BatchGetItem and one transaction between them, not two of each.
  const suggested = changes.documents.filter((change) => isSuggested(change));
  const project = async () =>
    applyPending([
      ...pendingChanges([DOCUMENT_STATUS, OPEN_DOCUMENTS], businessId, suggested),
      ...pendingChanges(DOCUMENT_STATUS, businessId, changes.documents.filter((change) => !suggested.includes(change))),
      ...(await pendingPostingChanges(businessId, changes.postings)),
    ]);
  await Promise.all([
    project(),
    // The general ledger's lines are written by idempotent puts of their own (`general-ledger.ts`): no marker.
    projectGeneralLedger(businessId, changes.entries),
    // A queued import moves on by its own changes: each hands its next chunk to the imports queue (a repeat is dropped there).
    ...[...changes.imports.values()].map((record) => dispatchImport(businessId, record)),
    // New audit entries go to the chainer's FIFO queue, grouped by business (docs/audit-trail.md).
    ...(changes.audit.length > 0 ? [handToChainer(businessId, changes.audit)] : []),
    // A new export job goes to the exports queue (a finished one hands nothing on).
    ...[...changes.exports.values()].map((record) => dispatchAuditExport(businessId, record)),
  ]);
}

const isSuggested = (change: SourceChange<DocumentRecord> & { before?: DocumentRecord | undefined }) => [change.record, change.before].some((document) => document !== undefined && isSuggestedDocument(document));

export const handler = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(telemetry())
  .handler(async (event) => {
    // The batch's changes by business, in shard order; each business's are applied a few to a transaction.
    const byBusiness = new Map<Id, BusinessChanges>();
    for (const record of event.Records.filter((candidate) => passesAny(PROJECTION_STREAM_FILTERS, candidate))) {
      const groupOf = (businessId: Id): BusinessChanges => {
        const group = byBusiness.get(businessId) ?? { first: record, documents: [], postings: [], entries: [], imports: new Map(), audit: [], exports: new Map() };
        byBusiness.set(businessId, group);
        return group;
      };
      const entry = auditEntryOf(record);
      if (entry) groupOf(entry.businessId).audit.push(entry.key);
      const subject = subjectOf(record);
      if (!subject) continue;
      const group = groupOf(subject.businessId);
      if (subject.kind === 'DOC') group.documents.push(changeOf(documentStore, record, subject.recordId));
      else if (subject.kind === 'BANK_IMPORT') {
        const after = importStore.fromItem(image(record.dynamodb?.NewImage));
        if (after) group.imports.set(subject.recordId, after.record);
      } else if (subject.kind === 'AUDIT_EXPORT') {
        const after = exportStore.fromItem(image(record.dynamodb?.NewImage));
        if (after) group.exports.set(subject.recordId, after.record);
      } else {
        // Only postings a bank line is matched to are ever listed: the others need no marker.
        const change = changeOf(journalStore, record, subject.recordId);
        if (change.record) group.entries.push(change.record);
        if ([change.record, change.before].some((entry) => entry !== undefined && isMatchablePosting(entry))) group.postings.push(change);
      }
    }
    const failed: DynamoDBRecord[] = [];
    await Promise.all(
      [...byBusiness].map(async ([businessId, group]) => {
        try {
          await projectAll(businessId, group);
        } catch (error) {
          logLine('WARN', 'Changes could not be projected; the shard resumes from the first of them', { sequenceNumber: group.first.dynamodb?.SequenceNumber ?? null, error: String(error) });
          failed.push(group.first);
        }
      }),
    );
    // Everything from the earliest failed record on comes again; what was applied is dropped then by its version.
    const earliest = failed.sort((a, b) => event.Records.indexOf(a) - event.Records.indexOf(b))[0];
    return { batchItemFailures: earliest ? [{ itemIdentifier: earliest.dynamodb?.SequenceNumber ?? '' }] : [] };
  });
