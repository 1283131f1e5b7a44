import type { Id } from '../platform/core/ids.ts';
import { NotFound, ScopeRequired, StateConflict } from '../platform/core/errors.ts';
import { toMajor } from '../platform/core/money.ts';
import { createdAction, recordRef } from '../platform/trail/actions.ts';
import { today } from '../platform/core/dates.ts';
import { addDocumentReplace, asDocumentOf, DOCUMENT_SPECS, documentStore, draftSavedAction, event, shownTracking, toDocumentResource } from '../ledger/index.ts';
import type { ConvertInputBody, DocumentCreateBody, DocumentRecord, DocumentResource, DocumentType } from '../ledger/index.ts';
import { createDocument } from './documents.ts';
import { saveDraft } from './drafts.ts';
import type { Stored } from '../platform/db/collection.ts';
import type { Item } from '../platform/db/query.ts';
import type { Key } from '../platform/db/keys.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';

/** What each convertible document becomes (api.md, "Conversions"). */
const CONVERTS_TO = { estimate: 'invoice', sales_order: 'invoice', purchase_order: 'bill' } as const;

export type ConvertibleType = keyof typeof CONVERTS_TO;
type ConvertedType<S extends ConvertibleType> = (typeof CONVERTS_TO)[S];

/** The source's converted event, carrying it as it now is. */
function convertedEvent(source: DocumentRecord) {
  if (source.type === 'estimate') return event('estimate.converted', toDocumentResource(asDocumentOf('estimate', source)));
  if (source.type === 'sales_order') return event('sales_order.converted', toDocumentResource(asDocumentOf('sales_order', source)));
  return event('purchase_order.converted', toDocumentResource(asDocumentOf('purchase_order', source)));
}

/** The new document's create body: the source's party, currency, amounts and lines as they stand, dated as asked. */
function convertedBody(source: DocumentRecord, target: DocumentType, input: ConvertInputBody): DocumentCreateBody {
  const spec = DOCUMENT_SPECS[target];
  return {
    [`${spec.party}_id`]: source.party_id,
    [spec.dateField]: input.date ?? today(),
    ...(input.due_date ? { due_date: input.due_date } : {}),
    currency: source.currency,
    reference: source.reference ?? source.no,
    ...(source.note ? { note: source.note } : {}),
    amounts: source.amounts ?? 'exclusive',
    lines: source.lines.map((line) => ({
      item_id: line.item_id,
      account_id: line.account_id ?? null,
      description: line.description,
      quantity: line.quantity,
      unit_price: toMajor(line.unit_price, source.currency),
      ...(line.tax_rate_id ? { tax_rate_id: line.tax_rate_id } : { tax_rate: line.tax_rate }),
      ...(line.tracking ? { tracking: shownTracking(line.tracking) } : {}),
    })),
  } as DocumentCreateBody;
}

/** The source as read: still of its type, live and unconverted, else the conversion is refused. */
function convertible(stored: Stored<DocumentRecord> | undefined, type: ConvertibleType): Stored<DocumentRecord> {
  const label = DOCUMENT_SPECS[type].label;
  if (!stored || stored.record.type !== type) throw new NotFound(label);
  if (stored.record.voided_at) throw new StateConflict(`This ${label} is voided.`);
  if (stored.record.converted_to) throw new StateConflict(`This ${label} is converted already (to ${stored.record.converted_to}).`);
  return stored;
}

/**
 * Converts an estimate or sales order into an invoice, or a purchase order into a bill: the new document is made
 * from the source's lines (a draft, or posted through the one posting path with `approve`), and the source becomes
 * Invoiced (Billed), each naming the other, in one transaction. The source is decided on the posting's own read, so
 * a second conversion, even a racing one, is 409.
 */
export async function convertDocument<S extends ConvertibleType>(type: S, businessId: Id, id: Id, input: ConvertInputBody, scopes: ReadonlySet<string>, scope?: { route: string; key: string }): Promise<DocumentResource<ConvertedType<S>>> {
  const target: ConvertedType<S> = CONVERTS_TO[type];
  const targetSpec = DOCUMENT_SPECS[target];
  if (input.approve && !scopes.has(`${targetSpec.scopeFeature}:approve`)) throw new ScopeRequired(`${targetSpec.scopeFeature}:approve`);
  const source = convertible(await documentStore.get(businessId, id), type).record;
  const sourceKey = documentStore.keyOf(businessId, id);
  const link = { type, id };
  const body = convertedBody(source, target, input);
  // In the posting's transaction: the source under the version read there, now naming what it became.
  const markConverted = (read: (key: Key) => Item | undefined, madeId: Id, now: string) => {
    const stored = convertible(documentStore.fromItem(read(sourceKey)), type);
    const converted = { ...stored.record, converted_to: madeId, updated_at: now };
    return (tx: WriteTransaction) => {
      addDocumentReplace(tx, businessId, stored, converted);
      convertedEvent(converted).write(tx, businessId);
    };
  };
  const related = [recordRef(type, source)];
  if (input.approve) {
    return createDocument(target, businessId, body, scope, {
      reads: [sourceKey],
      fields: { converted_from: link },
      decide: (read, document) => markConverted(read, document.id, document.updated_at),
      audit: (resource, rates) => createdAction(target, resource, [...related, ...rates]),
    }) as Promise<DocumentResource<ConvertedType<S>>>;
  }
  return saveDraft(target, businessId, body, scope, {
    reads: [sourceKey],
    convertedFrom: link,
    decide: (read, draft) => markConverted(read, draft.id, draft.updated_at),
    audit: (resource) => draftSavedAction(target, resource, related),
  }) as Promise<DocumentResource<ConvertedType<S>>>;
}
