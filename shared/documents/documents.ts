import { accountStore, addDocumentCreate, addDocumentReplace, addRatesUsed, asDocumentOf, cashAccountProblem, DOCUMENT_SPECS, documentJournalLines, documentRate, documentsInStatus, documentStatus, documentStore, documentTotals, documentView, draftStore, dueByTerms, event, findCashFlowAccount, formatNumber, isDocumentOf, isListedAsOpen, isProblem, lineAccountProblem, lineTrackingProblems, openDocuments, partyDocumentView, post, ratesCreated, readTaxRates, reversalOfStored, taxRateBook, toDocumentResource, tooManyOptions, trackedAs, voidDateOf } from '../ledger/index.ts';
import type { DocumentCreateBody, DocumentLineRecord, DocumentListQuery, DocumentRecord, DocumentResource, DocumentSpec, DocumentType, LineSide, TaxTreatment, VoidInput } from '../ledger/index.ts';
import type { AuditAction, AuditRecordRef } from '../platform/trail/entry.ts';
import { changedAction, createdAction } from '../platform/trail/actions.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { MAX_AMOUNT_TEXT, toMinor, withinLimit } from '../platform/core/money.ts';
import { pageOfList, type Page, type PageRequest } from '../platform/core/paging.ts';
import { itemStore } from '../items/index.ts';
import { parties } from '../parties/index.ts';
import type { PartyRecord } from '../parties/index.ts';
import type { Key } from '../platform/db/keys.ts';
import type { Item } from '../platform/db/query.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';

/** The create body read through the spec's own field names: one shape for every document type. */
export interface DocumentInput {
  readonly partyId: Id;
  readonly date: string;
  readonly dueDate: string | null;
  readonly currency: string | undefined;
  readonly reference: string | null;
  readonly note: string | null;
  readonly lines: DocumentCreateBody['lines'];
  readonly amounts: 'exclusive' | 'inclusive';
  readonly paymentAccountId: Id | null;
}

export function readInput(spec: DocumentSpec, body: DocumentCreateBody): DocumentInput {
  const fields = body as Record<string, unknown>;
  return {
    partyId: fields[`${spec.party}_id`] as Id,
    date: fields[spec.dateField] as string,
    dueDate: (fields.due_date as string | undefined) ?? null,
    currency: body.currency,
    reference: body.reference ?? null,
    note: body.note ?? null,
    lines: body.lines,
    amounts: body.amounts ?? 'exclusive',
    paymentAccountId: (fields.payment_account_id as Id | undefined) ?? null,
  };
}

/** Which side of the books a document type's lines land on. */
const sideOf = (spec: DocumentSpec): LineSide => (spec.party === 'customer' ? 'sales' : 'purchases');

/**
 * Checks every reference and amount of a new document against the business's records, all problems at once: the
 * party (read with the posting), then its items and the accounts its lines post to (read after the ledger's rules,
 * so an account archived meanwhile fails the posting's check and it is decided again).
 */
export async function checkDocument(businessId: Id, spec: DocumentSpec, input: DocumentInput, party: PartyRecord | undefined, rounding: TaxTreatment['rounding'], now: string) {
  const problems: FieldProblem[] = [];
  if (!party) throw RuleViolation.of(`${spec.party}_id`, `does not exist`);
  const currency = input.currency ?? party.currency;

  if (input.dueDate && input.dueDate < input.date) problems.push({ field: 'due_date', message: `must not be before ${spec.dateField}` });

  const side = sideOf(spec);
  const itemIds = [...new Set(input.lines.map((line) => line.item_id).filter((id): id is Id => !!id))];
  const named = input.lines.map((line) => line.account_id).filter((id): id is Id => !!id);
  const [items, paymentAccount, rates, tracking] = await Promise.all([itemStore.getMany(businessId, itemIds), spec.paidFromAccount && input.paymentAccountId ? findCashFlowAccount(businessId, input.paymentAccountId) : undefined, readTaxRates(businessId), lineTrackingProblems(businessId, input.lines)]);
  const taxRates = taxRateBook(businessId, rates, side, now);
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const itemAccount = (line: DocumentInput['lines'][number]) => (line.item_id ? itemsById.get(line.item_id)?.[side === 'sales' ? 'sales_account_id' : 'purchase_account_id'] ?? null : null);
  const accounts = new Map((await accountStore.getMany(businessId, [...new Set([...named, ...input.lines.map(itemAccount).filter((id): id is Id => !!id)])])).map((account) => [account.id, account]));

  const lines: DocumentLineRecord[] = [];
  const selfAssessedRates: number[] = [];
  input.lines.forEach((line, index) => {
    if (line.item_id) {
      const item = itemsById.get(line.item_id);
      if (!item) problems.push({ field: `lines[${index}].item_id`, message: 'does not exist' });
      else if (item.status !== 'active') problems.push({ field: `lines[${index}].item_id`, message: 'is inactive' });
    }
    const accountId = line.account_id ?? itemAccount(line);
    const accountProblem = accountId ? lineAccountProblem(accounts.get(accountId), side, line.account_id ? `lines[${index}].account_id` : `lines[${index}].item_id`) : null;
    if (accountProblem) problems.push(line.account_id ? accountProblem : { ...accountProblem, message: `names a ${side} account that ${accountProblem.message}` });
    const unitPrice = toMinor(line.unit_price, currency);
    if (unitPrice === null) problems.push({ field: `lines[${index}].unit_price`, message: `must have at most the minor digits of ${currency}` });
    const tax = taxRates.resolve(line, `lines[${index}]`);
    if (isProblem(tax)) problems.push(tax);
    selfAssessedRates.push(isProblem(tax) ? 0 : tax.selfAssessed);
    lines.push({ item_id: line.item_id ?? null, account_id: accountId, description: line.description, quantity: line.quantity, unit_price: unitPrice ?? 0, tax_rate: isProblem(tax) ? 0 : tax.carried, tax_rate_id: isProblem(tax) ? null : tax.rate.id, amount: 0, tax: 0, ...trackedAs(line.tracking) });
  });
  problems.push(...tracking, ...[tooManyOptions(input.lines)].filter((problem) => problem !== null));

  let paymentAccountId: Id | null = null;
  if (spec.paidFromAccount) {
    const accountProblem = cashAccountProblem(paymentAccount, currency);
    if (accountProblem) problems.push(accountProblem);
    else paymentAccountId = paymentAccount!.id;
  }
  if (problems.length > 0) throw new RuleViolation(problems);

  const treatment: TaxTreatment = { rounding, amounts: input.amounts };
  const totals = documentTotals(lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price, taxRate: line.tax_rate, taxRateId: line.tax_rate_id ?? null })), treatment);
  if (totals.total <= 0) throw RuleViolation.of('lines', 'must add up to more than zero');
  const oversized = totals.lines.flatMap((line, index) => (withinLimit(line.amount, currency) && withinLimit(line.tax, currency) ? [] : [{ field: `lines[${index}]`, message: `quantity × unit_price must be at most ${MAX_AMOUNT_TEXT}` }]));
  if (oversized.length > 0) throw new RuleViolation(oversized);
  if (!withinLimit(totals.total, currency)) throw RuleViolation.of('lines', `must add up to at most ${MAX_AMOUNT_TEXT}`);
  // A purchase at reverse-charge rates: each rate's tax on its lines' nets, rounded once, self-assessed beside the document's figures.
  const selfAssessed = documentTotals(totals.lines.map((computed, index) => ({ quantity: 1, unitPrice: computed.amount, taxRate: selfAssessedRates[index]!, taxRateId: lines[index]!.tax_rate_id ?? null })), { rounding: 'rate', amounts: 'exclusive' });
  const pricedLines = lines.map((line, index) => ({ ...line, amount: totals.lines[index]!.amount, tax: totals.lines[index]!.tax, ...(selfAssessed.lines[index]!.tax !== 0 ? { reverse_charge_tax: selfAssessed.lines[index]!.tax } : {}) }));
  return { currency, lines: pricedLines, totals, treatment, reverseChargeTax: selfAssessed.taxTotal, paymentAccountId, ratesNamed: taxRates.named() };
}

/**
 * Checks a document that will be posted later (a recurring invoice's template) as its posting would: the party,
 * items, accounts and amounts; a 400 naming each problem. The posting checks again when it is made.
 */
export async function checkDocumentDraft(type: DocumentType, businessId: Id, body: DocumentCreateBody): Promise<void> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  const input = readInput(spec, body);
  await checkDocument(businessId, spec, input, (await parties(spec.party).store.get(businessId, input.partyId))?.record, 'rate', new Date().toISOString());
}

/**
 * What a caller that posts a document on its own account adds to the posting (a recurring invoice's run): records
 * it reads with the posting, fields of the document, and records written in the posting's transaction, decided on
 * the same read (it may refuse, and a lost race decides it again).
 */
export interface DocumentPostingHook {
  readonly reads: readonly Key[];
  /** Fields of the document the caller sets: a recurring run's schedule, an approved draft's own id, a conversion's source. */
  readonly fields: Partial<Pick<DocumentRecord, 'recurring_invoice_id' | 'id' | 'converted_from'>>;
  readonly decide: (read: (key: Key) => Item | undefined, document: DocumentRecord, party: PartyRecord) => (tx: WriteTransaction) => void;
  /** The posting's audit entry, when the action is not a plain creation (a draft approved). */
  readonly audit?: (resource: DocumentResource, related: readonly AuditRecordRef[]) => AuditAction;
}

/**
 * Posts a document through the one posting path: its number, the document, its journal entry (when its type
 * posts) and its created event, in one transaction. A lost race for the number re-reads and posts again with
 * the next one.
 */
export async function createDocument<T extends DocumentType>(type: T, businessId: Id, body: DocumentCreateBody, scope?: { route: string; key: string }, hook?: DocumentPostingHook): Promise<DocumentResource<T>> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  const input = readInput(spec, body);
  const partyStore = parties(spec.party).store;
  const posted = await post({
    businessId,
    series: { kind: 'DOC', name: type },
    idempotency: { scope, body },
    reads: [partyStore.keyOf(businessId, input.partyId), ...(hook?.reads ?? [])],
    decide: async ({ read, number, home, taxRounding, paymentTermsDays, now }) => {
      const party = partyStore.fromItem(read(partyStore.keyOf(businessId, input.partyId)))?.record;
      const checked = await checkDocument(businessId, spec, input, party, taxRounding, now);
      // A document that posts nothing (an estimate, an order) needs no rate, but keeps one given or known.
      const rate = spec.posting === 'none' ? ((await home.knownRate(checked.currency, input.date, body.exchange_rate)) ?? null) : await home.rate(checked.currency, input.date, body.exchange_rate);
      const sequence = number!;
      const document: DocumentRecord = {
        id: newId(),
        type,
        no: formatNumber(spec.prefix, sequence),
        sequence,
        party_id: input.partyId,
        date: input.date,
        due_date: input.dueDate ?? (spec.hasDueDate ? dueByTerms(input.date, party?.payment_terms_days ?? paymentTermsDays) : null),
        currency: checked.currency,
        exchange_rate: rate,
        reference: input.reference,
        note: input.note,
        lines: checked.lines,
        amounts: checked.treatment.amounts,
        ...(checked.reverseChargeTax !== 0 ? { reverse_charge_tax: checked.reverseChargeTax } : {}),
        tax_rounding: checked.treatment.rounding,
        subtotal: checked.totals.subtotal,
        tax_total: checked.totals.taxTotal,
        total: checked.totals.total,
        amount_paid: 0,
        amount_credited: 0,
        amount_allocated: 0,
        payment_account_id: checked.paymentAccountId,
        journal_entry_id: spec.posting === 'none' ? null : newId(),
        voided_at: null,
        ...hook?.fields,
        created_at: now,
        updated_at: now,
      };
      const hooked = hook?.decide(read, document, party!);
      const resource = toDocumentResource(asDocumentOf(type, document));
      return {
        // A document that posts nothing (an estimate, an order) books nothing the lock date guards.
        guards: document.journal_entry_id ? [{ field: spec.dateField, date: document.date }] : [],
        records: (tx) => {
          addDocumentCreate(tx, businessId, document, home.currency);
          addRatesUsed(tx, businessId, checked.ratesNamed);
          tx.check(`${spec.party}:exists`, partyStore.keyOf(businessId, input.partyId), { expression: 'attribute_exists(pk)' });
          hooked?.(tx);
        },
        entries: document.journal_entry_id ? [{ id: document.journal_entry_id, document_id: document.id, document_type: type, document_no: document.no, party: { kind: DOCUMENT_SPECS[type].party, id: document.party_id }, date: document.date, currency: document.currency, exchange_rate: documentRate(document), lines: documentJournalLines(businessId, document), reverses: null }] : [],
        events: [event(spec.created, resource)],
        audit: hook?.audit ? hook.audit(resource, ratesCreated(checked.ratesNamed)) : createdAction(type, resource, ratesCreated(checked.ratesNamed)),
        result: resource,
      };
    },
  });
  return posted.result;
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
 * not, read about one page (see `dated-counts.ts`). Filtered by an open status of an invoice or bill (Open,
 * PartiallyPaid), a list reads the open documents only, strongly consistent; by any other status, the status
 * projection's page (`status-projection.ts`), bounded like the unfiltered list and within about a second of the
 * posting that moved a document into it.
 */
export async function listDocuments<T extends DocumentType>(type: T, businessId: Id, query: DocumentListQuery, page: PageRequest): Promise<Page<DocumentResource<T>>> {
  const partyId = 'customer_id' in query ? query.customer_id : 'vendor_id' in query ? query.vendor_id : undefined;
  const view = partyId ? partyDocumentView(type, partyId) : documentView(type);
  const present = (record: DocumentRecord) => toDocumentResource(asDocumentOf(type, record));
  if (!query.status) {
    const result = await documentStore.page(businessId, page, view, { from: query.from, to: query.to });
    return { ...result, items: result.items.map(present) };
  }
  // Open and part-paid invoices and bills are exactly the open documents: read those, not the type's history.
  if (isListedAsOpen(type, query.status)) {
    const inRange = (document: DocumentRecord) => (!query.from || document.date >= query.from) && (!query.to || document.date <= query.to);
    const matching = (await openDocuments(businessId, type)).filter((document) => (!partyId || document.party_id === partyId) && inRange(document) && documentStatus(document) === query.status).sort(byDateAndNumber);
    return pageOfList(matching, page, present);
  }
  const result = await documentsInStatus(businessId, type, query.status, partyId, page, { from: query.from, to: query.to });
  return { ...result, items: result.items.map(present) };
}

/** The newest `limit` documents of a type, newest first (the list's order read backwards): one Query. */
export async function newestDocuments<T extends DocumentType>(type: T, businessId: Id, limit: number): Promise<DocumentResource<T>[]> {
  return (await documentStore.newest(businessId, limit, documentView(type))).map((record) => toDocumentResource(asDocumentOf(type, record)));
}

/** The list order: business date, then number. */
const byDateAndNumber = (a: DocumentRecord, b: DocumentRecord) => a.date.localeCompare(b.date) || a.sequence - b.sequence;

/**
 * Voids a document: it stays, numbered, as Voided; its journal entry is reversed on the void date (by default its own date,
 * never before the last day a settlement of it stood); its voided
 * event is written. A document that money or credit still settles cannot be voided until those are.
 */
export async function voidDocument<T extends DocumentType>(type: T, businessId: Id, id: Id, input?: VoidInput): Promise<DocumentResource<T>> {
  const spec: DocumentSpec = DOCUMENT_SPECS[type];
  const posted = await post({
    businessId,
    reads: [documentStore.keyOf(businessId, id)],
    decide: async ({ read, home, now }) => {
      const stored = documentStore.fromItem(read(documentStore.keyOf(businessId, id)));
      if (!stored || !isDocumentOf(stored.record, type)) {
        // A draft posted nothing to reverse: it is deleted, and the answer says so rather than "does not exist".
        if ((await draftStore.get(businessId, id))?.record.type === type) throw new StateConflict(`This ${spec.label} is a draft: nothing of it is posted, so it is deleted (DELETE), not voided.`);
        throw new NotFound(spec.label);
      }
      const document = stored.record;
      if (document.voided_at) throw new StateConflict(`This ${spec.label} is already voided.`);
      // An overpayment posted nothing of its own: the money it is the rest of carries it, and is voided instead.
      if (document.from_money) throw new StateConflict(`This ${spec.label} is what ${document.from_money.no} left over beyond its allocations; void the ${document.from_money.type} to void it.`);
      if (document.amount_paid > 0 || document.amount_credited > 0) {
        throw new StateConflict(`This ${spec.label} has live receipts, payments or credit allocations; void those first.`);
      }
      if (document.amount_allocated > 0) throw new StateConflict(`This ${spec.label} has live allocations; void those first.`);
      const voidDate = voidDateOf(document.date, input, document.settled_through);
      const voided = { ...document, voided_at: now, void_date: voidDate, updated_at: now };
      const reversal = document.journal_entry_id ? await reversalOfStored(businessId, document.journal_entry_id, document.no, voidDate, home.currency) : undefined;
      const resource = toDocumentResource(voided);
      return {
        guards: reversal ? [{ field: spec.dateField, date: document.date }] : [],
        records: (tx) => addDocumentReplace(tx, businessId, stored, voided, { on: voidDate, source: document.id, homeCurrency: home.currency }),
        entries: reversal ? [reversal] : [],
        events: [event(spec.voided, resource)],
        audit: changedAction('voided', type, toDocumentResource(document), resource),
        result: resource,
      };
    },
  });
  return posted.result;
}
