import { findCashFlowAccount } from '../banking/bank-accounts.ts';
import { recordKey } from '../db/keys.ts';
import { emit } from '../events/emit.ts';
import { retryOnConflict, WriteTransaction } from '../db/transaction.ts';
import { DOCUMENT_SPECS, formatNumber, type DocumentSpec, type DocumentType } from '../domain/documents.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../domain/errors.ts';
import { newId, type Id } from '../domain/ids.ts';
import { postingLines } from '../domain/ledger.ts';
import { MAX_AMOUNT_TEXT, toMinor, withinLimit } from '../domain/money.ts';
import { pageOfList, type Page, type PageRequest } from '../domain/paging.ts';
import { documentTotals } from '../domain/totals.ts';
import { itemStore } from '../items/items.ts';
import { addJournalEntry, addReversal, journalStore } from '../ledger/journal.ts';
import { parties } from '../parties/parties.ts';
import { postNumbered } from './numbering.ts';
import { addDocumentCreate, addDocumentReplace, asDocumentOf, partyDocumentView, documentStatus, documentStore, documentView, isDocumentOf, toDocumentResource, type DocumentLineRecord, type DocumentRecord } from './records.ts';
import type { DocumentCreateBody, DocumentListQuery, DocumentResource } from './schemas.ts';
import { cashAccountProblem } from '../domain/cash-accounts.ts';
import { openDocuments } from './open-documents.ts';

/** The create body read through the spec's own field names: one shape for every document type. */
interface DocumentInput {
  readonly partyId: Id;
  readonly date: string;
  readonly dueDate: string | null;
  readonly currency: string | undefined;
  readonly reference: string | null;
  readonly note: string | null;
  readonly lines: DocumentCreateBody['lines'];
  readonly paymentAccountId: Id | null;
}

function readInput(spec: DocumentSpec, body: DocumentCreateBody): DocumentInput {
  const fields = body as Record<string, unknown>;
  return {
    partyId: fields[`${spec.party}_id`] as Id,
    date: fields[spec.dateField] as string,
    dueDate: (fields.due_date as string | undefined) ?? null,
    currency: body.currency,
    reference: body.reference ?? null,
    note: body.note ?? null,
    lines: body.lines,
    paymentAccountId: (fields.payment_account_id as Id | undefined) ?? null,
  };
}

/** Checks every reference and amount of a new document against the business's records; all problems at once. */
async function validateReferences(businessId: Id, spec: DocumentSpec, input: DocumentInput) {
  const problems: FieldProblem[] = [];
  const partyField = `${spec.party}_id`;
  const party = await parties(spec.party).store.get(businessId, input.partyId);
  if (!party) throw RuleViolation.of(partyField, `does not exist`);
  const currency = input.currency ?? party.record.currency;

  if (input.dueDate && input.dueDate < input.date) problems.push({ field: 'due_date', message: `must not be before ${spec.dateField}` });

  const itemIds = [...new Set(input.lines.map((line) => line.item_id).filter((id): id is Id => !!id))];
  const items = new Map(await Promise.all(itemIds.map(async (id) => [id, (await itemStore.get(businessId, id))?.record] as const)));
  const lines: DocumentLineRecord[] = [];
  input.lines.forEach((line, index) => {
    if (line.item_id) {
      const item = items.get(line.item_id);
      if (!item) problems.push({ field: `lines[${index}].item_id`, message: 'does not exist' });
      else if (item.status !== 'active') problems.push({ field: `lines[${index}].item_id`, message: 'is inactive' });
    }
    const unitPrice = toMinor(line.unit_price, currency);
    if (unitPrice === null) problems.push({ field: `lines[${index}].unit_price`, message: `must have at most the minor digits of ${currency}` });
    lines.push({ item_id: line.item_id ?? null, description: line.description, quantity: line.quantity, unit_price: unitPrice ?? 0, tax_rate: line.tax_rate, amount: 0, tax: 0 });
  });

  let paymentAccountId: Id | null = null;
  if (spec.paidFromAccount) {
    const account = input.paymentAccountId ? await findCashFlowAccount(businessId, input.paymentAccountId) : undefined;
    const accountProblem = cashAccountProblem(account, currency);
    if (accountProblem) problems.push(accountProblem);
    else paymentAccountId = account!.id;
  }
  if (problems.length > 0) throw new RuleViolation(problems);

  const totals = documentTotals(lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price, taxRate: line.tax_rate })));
  if (totals.total <= 0) throw RuleViolation.of('lines', 'must add up to more than zero');
  const oversized = totals.lines.flatMap((line, index) => (withinLimit(line.amount, currency) && withinLimit(line.tax, currency) ? [] : [{ field: `lines[${index}]`, message: `quantity × unit_price must be at most ${MAX_AMOUNT_TEXT}` }]));
  if (oversized.length > 0) throw new RuleViolation(oversized);
  if (!withinLimit(totals.total, currency)) throw RuleViolation.of('lines', `must add up to at most ${MAX_AMOUNT_TEXT}`);
  const pricedLines = lines.map((line, index) => ({ ...line, amount: totals.lines[index]!.amount, tax: totals.lines[index]!.tax }));
  return { currency, lines: pricedLines, totals, paymentAccountId };
}

/**
 * Posts a document: its number, the document, its journal entry (when its type posts) and its created event,
 * in one transaction. A lost race for the number re-reads and posts again with the next one.
 */
export async function createDocument<T extends DocumentType>(type: T, businessId: Id, body: DocumentCreateBody): Promise<DocumentResource<T>> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  const input = readInput(spec, body);
  const checked = await validateReferences(businessId, spec, input);
  return postNumbered(businessId, 'DOC', type, async (turn) => {
    const tx = new WriteTransaction();
    const sequence = turn.addNext(tx, await turn.readLast());
    const now = new Date().toISOString();
    const id = newId();
    const journalEntryId = spec.posting === 'none' ? null : newId();
    const document: DocumentRecord = {
      id,
      type,
      no: formatNumber(spec.prefix, sequence),
      sequence,
      party_id: input.partyId,
      date: input.date,
      due_date: input.dueDate,
      currency: checked.currency,
      reference: input.reference,
      note: input.note,
      lines: checked.lines,
      subtotal: checked.totals.subtotal,
      tax_total: checked.totals.taxTotal,
      total: checked.totals.total,
      amount_paid: 0,
      amount_credited: 0,
      amount_allocated: 0,
      payment_account_id: checked.paymentAccountId,
      journal_entry_id: journalEntryId,
      voided_at: null,
      created_at: now,
      updated_at: now,
    };
    addDocumentCreate(tx, businessId, document);
    tx.check(`${spec.party}:exists`, recordKey(businessId, spec.party === 'customer' ? 'CUSTOMER' : 'VENDOR', input.partyId), { expression: 'attribute_exists(pk)' });
    if (journalEntryId) {
      addJournalEntry(tx, businessId, {
        id: journalEntryId,
        document_id: id,
        document_type: type,
        document_no: document.no,
        date: document.date,
        currency: document.currency,
        lines: postingLines(spec.posting, businessId, { subtotal: document.subtotal, tax: document.tax_total, total: document.total }, checked.paymentAccountId ?? undefined),
        reverses: null,
      });
    }
    const resource = toDocumentResource(document);
    emit(tx, businessId, spec.created, resource);
    await tx.commit();
    return resource;
  });
}

export async function findDocument(businessId: Id, id: Id) {
  return documentStore.get(businessId, id);
}

export async function getDocument<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<DocumentResource<T>> {
  const stored = await documentStore.get(businessId, id);
  if (!stored || !isDocumentOf(stored.record, type)) throw new NotFound(DOCUMENT_SPECS[type].label);
  return toDocumentResource(stored.record);
}

/**
 * Lists one type by business date, then number. Pages of the whole list or of one party's, within a date range or
 * not, read about one page (see `dated-counts.ts`). Filtered by an open status (Open, PartiallyPaid), a list reads
 * the open documents only; by a closed one, the matching range, counting what it reads.
 */
export async function listDocuments<T extends DocumentType>(type: T, businessId: Id, query: DocumentListQuery, page: PageRequest): Promise<Page<DocumentResource<T>>> {
  const partyId = 'customer_id' in query ? query.customer_id : 'vendor_id' in query ? query.vendor_id : undefined;
  const view = partyId ? partyDocumentView(type, partyId) : documentView(type);
  if (!query.status) {
    const result = await documentStore.page(businessId, page, view, { from: query.from, to: query.to });
    return { ...result, items: result.items.map((record) => toDocumentResource(asDocumentOf(type, record))) };
  }
  const inRange = (document: DocumentRecord) => (!query.from || document.date >= query.from) && (!query.to || document.date <= query.to);
  // Open and part-paid invoices and bills are exactly the open documents: read those, not the type's history.
  const openOnly = DOCUMENT_SPECS[type].settleable && (query.status === 'Open' || query.status === 'PartiallyPaid');
  const matching = openOnly
    ? (await openDocuments(businessId, type)).filter((document) => (!partyId || document.party_id === partyId) && inRange(document)).sort(byDateAndNumber)
    : await documentStore.between(businessId, view.index ?? 'lsi1', `${view.prefix}${query.from ?? ''}`, `${view.prefix}${query.to ?? '9999-12-31'}#\uffff`);
  const filtered = matching.filter((document) => documentStatus(document) === query.status);
  return pageOfList(filtered, page, (record) => toDocumentResource(asDocumentOf(type, record)));
}

/** The list order: business date, then number. */
const byDateAndNumber = (a: DocumentRecord, b: DocumentRecord) => a.date.localeCompare(b.date) || a.sequence - b.sequence;

/**
 * Voids a document: it stays, numbered, as Voided; its journal entry is reversed on the void date; its voided
 * event is written. A document that money or credit still settles cannot be voided until those are.
 */
export async function voidDocument<T extends DocumentType>(type: T, businessId: Id, id: Id): Promise<DocumentResource<T>> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  return retryOnConflict(async () => {
    const stored = await documentStore.get(businessId, id);
    if (!stored || !isDocumentOf(stored.record, type)) throw new NotFound(spec.label);
    const document = stored.record;
    if (document.voided_at) throw new StateConflict(`This ${spec.label} is already voided.`);
    if (document.amount_paid > 0 || document.amount_credited > 0) {
      throw new StateConflict(`This ${spec.label} has live receipts, payments or credit allocations; void those first.`);
    }
    if (document.amount_allocated > 0) throw new StateConflict(`This ${spec.label} has live allocations; void those first.`);
    const now = new Date().toISOString();
    const voided = { ...document, voided_at: now, updated_at: now };
    const tx = new WriteTransaction();
    addDocumentReplace(tx, businessId, stored, voided);
    if (document.journal_entry_id) {
      const entry = await journalStore.get(businessId, document.journal_entry_id);
      if (!entry) throw new Error(`Journal entry ${document.journal_entry_id} of ${document.no} is missing`);
      addReversal(tx, businessId, entry.record, now.slice(0, 10));
    }
    const resource = toDocumentResource(voided);
    emit(tx, businessId, spec.voided, resource);
    await tx.commit();
    return resource;
  });
}
