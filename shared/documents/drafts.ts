import type { Stored } from '../platform/db/collection.ts';
import { addDocumentReplace, DOCUMENT_SPECS, documentStore, draftSavedAction, draftStore, draftView, dueByTerms, event, partyDraftView, post, toDocumentResource, withoutStatus } from '../ledger/index.ts';
import type { DocumentCreateBody, DocumentLink, DocumentListQuery, DocumentRecord, DocumentRecordOf, DocumentResource, DocumentSpec, DocumentType, DraftRecord } from '../ledger/index.ts';
import type { Key } from '../platform/db/keys.ts';
import type { Item } from '../platform/db/query.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { AuditAction } from '../platform/trail/entry.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { NotFound, StateConflict } from '../platform/core/errors.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { changedAction, deletedAction, recordRef } from '../platform/trail/actions.ts';
import { parties } from '../parties/index.ts';
import { checkDocument, createDocument, getDocument, listDocuments, readInput } from './documents.ts';

/** A draft read as a document that is not posted: no number, rate, settlement or journal entry. */
export function draftAsDocument<T extends DocumentType>(draft: DraftRecord & { readonly type: T }): DocumentRecordOf<T> {
  return { ...draft, no: '', sequence: 0, exchange_rate: null, amount_paid: 0, amount_credited: 0, amount_allocated: 0, journal_entry_id: null, voided_at: null } satisfies DocumentRecord as DocumentRecordOf<T>;
}

/** A draft as GET returns it: its type's document resource, numberless, with no rate, status Draft. */
export function toDraftResource<T extends DocumentType>(draft: DraftRecord & { readonly type: T }): DocumentResource<T> {
  return draftResourceOf(draftAsDocument(draft));
}

/** The resource of a draft read as a document (`draftAsDocument`). */
export function draftResourceOf<T extends DocumentType>(document: DocumentRecordOf<T>): DocumentResource<T> {
  return { ...toDocumentResource(document), no: null, status: 'Draft' };
}

/** The draft of `id` read as a document, or undefined when there is none of this type (a dashboard page shows either). */
export async function findDraftDocument<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<DocumentRecordOf<T> | undefined> {
  const stored = await draftStore.get(businessId, id);
  return stored && isDraftOf(stored.record, type) ? draftAsDocument(stored.record) : undefined;
}

const isDraftOf = <T extends DocumentType>(draft: DraftRecord, type: T): draft is DraftRecord & { readonly type: T } => draft.type === type;

/**
 * Prices a draft's body with the posting's own check (its party, items, accounts and tax rates must exist, as a
 * direct creation's), so a draft that saves is one that approval can post unless the books move meanwhile. Tax
 * rates a bare percentage would create are not created until approval.
 */
async function priced(spec: DocumentSpec, businessId: Id, id: Id, body: DocumentCreateBody, context: { readonly taxRounding: 'rate' | 'line'; readonly paymentTermsDays: number | null; readonly now: string }, createdAt: string): Promise<DraftRecord> {
  const input = readInput(spec, body);
  const party = (await parties(spec.party).store.get(businessId, input.partyId))?.record;
  const checked = await checkDocument(businessId, spec, input, party, context.taxRounding, context.now);
  return {
    id,
    type: spec.type,
    party_id: input.partyId,
    date: input.date,
    due_date: input.dueDate ?? (spec.hasDueDate ? dueByTerms(input.date, party?.payment_terms_days ?? context.paymentTermsDays) : null),
    currency: checked.currency,
    reference: input.reference,
    note: input.note,
    lines: checked.lines,
    amounts: checked.treatment.amounts,
    tax_rounding: checked.treatment.rounding,
    subtotal: checked.totals.subtotal,
    tax_total: checked.totals.taxTotal,
    ...(checked.reverseChargeTax !== 0 ? { reverse_charge_tax: checked.reverseChargeTax } : {}),
    total: checked.totals.total,
    payment_account_id: checked.paymentAccountId,
    body: withoutStatus(body),
    created_at: createdAt,
    updated_at: context.now,
  };
}

/**
 * A create request: posted at once, or with `status: "draft"` saved as a draft (its `*.draft_saved` event and its
 * audit entry in the same transaction, nothing posted, no number taken).
 */
export async function createDocumentOrDraft<T extends DocumentType>(type: T, businessId: Id, body: DocumentCreateBody, scope?: { route: string; key: string }): Promise<DocumentResource<T>> {
  if (body.status !== 'draft') return createDocument(type, businessId, withoutStatus(body), scope);
  return saveDraft(type, businessId, body, scope);
}

/** What a caller that saves a draft on its own account (a conversion) adds: a link, records read and written with it. */
export interface DraftSavingHook {
  readonly reads: readonly Key[];
  readonly convertedFrom: DocumentLink;
  readonly decide: (read: (key: Key) => Item | undefined, draft: DraftRecord) => (tx: WriteTransaction) => void;
  readonly audit: (resource: DocumentResource) => AuditAction;
}

/** Saves a new draft: its draft_saved event and audit entry in the same transaction; nothing posted, no number taken. */
export async function saveDraft<T extends DocumentType>(type: T, businessId: Id, body: DocumentCreateBody, scope?: { route: string; key: string }, hook?: DraftSavingHook): Promise<DocumentResource<T>> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  const posted = await post({
    businessId,
    idempotency: { scope, body },
    reads: hook?.reads ?? [],
    decide: async (context) => {
      const draft = { ...(await priced(spec, businessId, newId(), body, context, context.now)), ...(hook ? { converted_from: hook.convertedFrom } : {}) };
      const hooked = hook?.decide(context.read, draft);
      const resource = toDraftResource(draft as DraftRecord & { readonly type: T });
      return {
        guards: [],
        records: (tx) => {
          draftStore.addCreate(tx, businessId, draft);
          tx.check(`${spec.party}:exists`, parties(spec.party).store.keyOf(businessId, draft.party_id), { expression: 'attribute_exists(pk)' });
          hooked?.(tx);
        },
        entries: [],
        events: spec.draftSaved ? [event(spec.draftSaved, resource)] : [],
        audit: hook ? hook.audit(resource) : draftSavedAction(type, resource),
        result: resource,
      };
    },
  });
  return posted.result;
}

async function storedDraft<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<Stored<DraftRecord & { readonly type: T }>> {
  const stored = await draftStore.get(businessId, id);
  if (stored && isDraftOf(stored.record, type)) return stored as Stored<DraftRecord & { readonly type: T }>;
  // A draft approved since is a document now: say so rather than that it never was.
  const document = await documentStore.get(businessId, id);
  if (document?.record.type === type) throw new StateConflict(`This ${DOCUMENT_SPECS[type].label} is posted (${document.record.no}); only a draft can be changed, deleted or approved.`);
  throw new NotFound(`draft ${DOCUMENT_SPECS[type].label}`);
}

/** A draft to be changed: as GET shows it (its lines priced), and its body as last given; a conflict once it is posted. */
export async function draftToChange<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<{ readonly draft: DocumentResource<T>; readonly body: DocumentCreateBody }> {
  const stored = await storedDraft(type, businessId, id);
  return { draft: toDraftResource(stored.record), body: stored.record.body };
}

/** The draft of `id`, or undefined when there is none of this type (a GET of a document falls back to it). */
export async function findDraft<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<DocumentResource<T> | undefined> {
  const stored = await draftStore.get(businessId, id);
  return stored && isDraftOf(stored.record, type) ? toDraftResource(stored.record) : undefined;
}

/** A type's drafts (or a party's), by business date: a page of the drafts alone. */
export async function listDrafts<T extends DocumentType>(type: T, businessId: Id, partyId: Id | undefined, query: Pick<DocumentListQuery, 'from' | 'to'>, page: PageRequest): Promise<Page<DocumentResource<T>>> {
  const result = await draftStore.page(businessId, page, partyId ? partyDraftView(type, partyId) : draftView(type), { from: query.from, to: query.to });
  return { ...result, items: result.items.map((draft) => toDraftResource(draft as DraftRecord & { readonly type: T })) };
}

/**
 * Changes a draft: the fields sent replace the draft's (lines whole), and the result is checked and priced again
 * as a creation would be. The draft read is the one replaced: a change or an approval in between fails this one
 * (409), never lost.
 */
export function updateDraft<T extends DocumentType>(type: T, businessId: Id, id: Id, patch: Partial<DocumentCreateBody>): Promise<DocumentResource<T>> {
  return changeDraft(type, businessId, id, (given) => ({ ...given, ...patch }) as DocumentCreateBody);
}

/** A draft's body replaced whole (the dashboard's editor posts every field it shows): a field left out is cleared. */
export function replaceDraft<T extends DocumentType>(type: T, businessId: Id, id: Id, body: DocumentCreateBody): Promise<DocumentResource<T>> {
  return changeDraft(type, businessId, id, () => body);
}

async function changeDraft<T extends DocumentType>(type: T, businessId: Id, id: Id, changed: (given: DocumentCreateBody) => DocumentCreateBody): Promise<DocumentResource<T>> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  const stored = await storedDraft(type, businessId, id);
  const body = changed(stored.record.body);
  const posted = await post({
    businessId,
    reads: [],
    decide: async (context) => {
      const draft = await priced(spec, businessId, id, body, context, stored.record.created_at);
      const [before, after] = [toDraftResource(stored.record), toDraftResource(draft as DraftRecord & { readonly type: T })];
      return {
        guards: [],
        records: (tx) => {
          draftStore.addReplace(tx, businessId, draft, stored.version, stored.record);
          tx.check(`${spec.party}:exists`, parties(spec.party).store.keyOf(businessId, draft.party_id), { expression: 'attribute_exists(pk)' });
        },
        entries: [],
        events: spec.draftSaved ? [event(spec.draftSaved, after)] : [],
        audit: changedAction('updated', type, before, after),
        result: after,
      };
    },
  });
  return posted.result;
}

/**
 * Deletes a draft (nothing was posted, so nothing is reversed); its audit entry keeps what it held. A draft made by
 * converting an estimate or order gives that document back its Open status, so it can be converted again.
 */
export async function deleteDraft<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<DocumentResource<T>> {
  const stored = await storedDraft(type, businessId, id);
  const resource = toDraftResource(stored.record);
  const source = stored.record.converted_from;
  const sourceKey = source ? documentStore.keyOf(businessId, source.id) : undefined;
  const posted = await post({
    businessId,
    reads: sourceKey ? [sourceKey] : [],
    decide: async ({ read, now }) => {
      const converted = sourceKey ? documentStore.fromItem(read(sourceKey)) : undefined;
      const reopened = converted?.record.converted_to === id ? converted : undefined;
      return {
        guards: [],
        records: (tx) => {
          draftStore.addRemove(tx, businessId, stored.record, stored.version);
          if (reopened) addDocumentReplace(tx, businessId, reopened, { ...reopened.record, converted_to: null, updated_at: now });
        },
        entries: [],
        events: [],
        audit: { ...deletedAction(type, resource), related: reopened ? [recordRef(reopened.record.type, reopened.record)] : [] },
        result: resource,
      };
    },
  });
  return posted.result;
}

/**
 * Approves a draft: its body posts through the one posting path exactly as a direct creation would (the number
 * taken then, the lock date and the rate of its date decided then, `*.created` fired), as a document of the
 * draft's own id, and the draft is removed in the same transaction under the version read. Two approvals of one
 * draft: one posts, the other finds it posted (409).
 */
export async function approveDraft<T extends DocumentType>(type: T, businessId: Id, id: Id, scope?: { route: string; key: string }): Promise<DocumentResource<T>> {
  const stored = await storedDraft(type, businessId, id);
  const draftKey = draftStore.keyOf(businessId, id);
  const before = toDraftResource(stored.record);
  return createDocument(type, businessId, stored.record.body, scope, {
    reads: [draftKey],
    fields: { id, ...(stored.record.converted_from ? { converted_from: stored.record.converted_from } : {}) },
    decide: (read) => {
      const now = draftStore.fromItem(read(draftKey));
      if (!now || now.version !== stored.version) throw new StateConflict(`This draft ${DOCUMENT_SPECS[type].label} was changed, approved or deleted meanwhile; read it again.`);
      return (tx) => draftStore.addRemove(tx, businessId, stored.record, stored.version);
    },
    audit: (resource, related) => changedAction('approved', type, before, resource, related),
  });
}

/** A document by id, or the draft of that id: one GetItem more only when no document has it. */
export async function getDocumentOrDraft<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<DocumentResource<T>> {
  try {
    return await getDocument(type, businessId, id);
  } catch (error) {
    const draft = error instanceof NotFound ? await findDraft(type, businessId, id) : undefined;
    if (draft) return draft;
    throw error;
  }
}

/** A list: its drafts alone with status Draft, else the posted documents as always. */
export async function listDocumentsOrDrafts<T extends DocumentType>(type: T, businessId: Id, query: DocumentListQuery, page: PageRequest): Promise<Page<DocumentResource<T>>> {
  if (query.status !== 'Draft' && query.status !== 'draft') return listDocuments(type, businessId, query, page);
  const partyId = 'customer_id' in query ? query.customer_id : 'vendor_id' in query ? query.vendor_id : undefined;
  return listDrafts(type, businessId, partyId, query, page);
}
