import { DATED_COUNTS } from '../../platform/db/dated-counts.ts';
import { collection, type Stored, type View } from '../../platform/db/collection.ts';
import type { WriteTransaction } from '../../platform/db/transaction.ts';
import type { DocumentType } from './specs.ts';
import type { DocumentResource } from './schemas.ts';
import { CASH_BASIS_TYPES, DOCUMENT_SPECS, isCreditType, isPrepaymentType } from './specs.ts';
import type { Id } from '../../platform/core/ids.ts';
import { toMajor } from '../../platform/core/money.ts';
import { figuresOf, balanceDue, settlementStatus } from './settlement.ts';
import { facetKey, businessPk, type Key } from '../../platform/db/keys.ts';
import { convertAccepted, HOME_RATE, rateNumber, type Rate } from '../exchange.ts';
import type { SettledInHome } from '../home-amounts.ts';
import type { SettlementList } from './settlement-refs.ts';
import { shownVoidDate } from '../void-date.ts';
import { addRelief, type Relieved } from './reliefs.ts';
import { postingLines, systemAccountId, type JournalLine } from '../ledger-rules.ts';
import { inHomeCurrency } from '../home-amounts.ts';
import { balanceDeltas } from '../period-totals-rules.ts';
import { cashBasisGap, deltasBetween, type Deltas } from '../cash-basis-rules.ts';
import { addDocumentTax, addDocumentTaxChange, type TaxedPosting } from '../tax/tax-totals.ts';
import { addCashBasisShift } from '../cash-basis.ts';
import { recentWritesOfActing, recordsNamed } from '../../platform/trail/recent-writes.ts';
import { batchGet } from '../../platform/db/query.ts';
import { shownTracking, type TrackingRef } from '../tracking/tracking-rules.ts';

/** Stored form of a line: money in integer minor units of the document currency. */
export interface DocumentLineRecord {
  readonly item_id: Id | null;
  /** The account the line posts to; null (or absent, on lines written before accounts) is its type's default. */
  readonly account_id?: Id | null;
  readonly description: string;
  readonly quantity: number;
  readonly unit_price: number;
  /** The percentage of tax the line carries (0 for a line at a reverse-charge rate: the buyer accounts for it). */
  readonly tax_rate: number;
  /** The tax rate the line names (absent on lines posted before tax rates: `ledger:rebuild` names one). */
  readonly tax_rate_id?: Id | null;
  /** Net of tax; of an inclusive document, its share of its rate's net (BR-CO-10). */
  readonly amount: number;
  readonly tax: number;
  /** Of a purchase line at a reverse-charge rate: its share of the tax self-assessed (absent otherwise). */
  readonly reverse_charge_tax?: number;
  /** The tracking options the line names (absent: unassigned). */
  readonly tracking?: readonly TrackingRef[];
}

/** A receipt or payment named by its kind, id and number: what an overpayment is the rest of. */
export interface MoneyLink {
  readonly type: 'receipt' | 'payment';
  readonly id: Id;
  readonly no: string;
}

/** A document named by its type and id: what a conversion links both ways. */
export interface DocumentLink {
  readonly type: DocumentType;
  readonly id: Id;
}

/** Stored form of every document type; fields a type does not use stay at zero or null. Of an invoice or bill, `settled_by` lists the latest live receipts or payments behind amount_paid (`SettlementList`). */
export interface DocumentRecord extends SettlementList {
  readonly id: Id;
  readonly type: DocumentType;
  readonly no: string;
  readonly sequence: number;
  readonly party_id: Id;
  readonly date: string;
  readonly due_date: string | null;
  readonly currency: string;
  /**
   * Home-currency units per unit of `currency`, fixed when posted; null on a document that posts nothing and had
   * none; absent on documents posted before rates (1: the rebuild lists the foreign ones).
   */
  readonly exchange_rate?: Rate | null;
  /**
   * Home-currency minor units of the receivable or payable (or, on a credit note, the credit) that live settlements
   * have relieved, at this document's rate; absent before any settlement booked one (`settledInHome`).
   */
  readonly base_settled?: number;
  readonly reference: string | null;
  readonly note: string | null;
  readonly lines: readonly DocumentLineRecord[];
  /** Whether the lines' prices held their tax (absent on documents posted before: exclusive). */
  readonly amounts?: 'exclusive' | 'inclusive';
  /** How its tax was rounded: per tax rate over the document, or per line (absent on documents posted before: per line). */
  readonly tax_rounding?: 'rate' | 'line';
  readonly subtotal: number;
  readonly tax_total: number;
  /** Of a purchase at reverse-charge rates: the tax self-assessed, booked to both tax accounts (absent otherwise). */
  readonly reverse_charge_tax?: number;
  readonly total: number;
  readonly amount_paid: number;
  readonly amount_credited: number;
  /** Of a credit note: how much of its credit is applied to invoices. */
  readonly amount_allocated: number;
  readonly payment_account_id: Id | null;
  readonly journal_entry_id: Id | null;
  readonly voided_at: string | null;
  /** The day the void's reversal is booked (absent on records voided before voids kept their period). */
  readonly void_date?: string;
  /**
   * The latest day a settlement of it, since voided, stood until (its void's date, when later than its own). A void
   * of the document is booked no earlier, or the books would show it void on days money or credit still settled it
   * (absent before it was kept, and while no settlement was voided on a later day).
   */
  readonly settled_through?: string;
  /** Of an invoice: when its last e-mail went out, and how many have (absent before the first). */
  readonly sent_at?: string | null;
  readonly send_count?: number;
  /** Of an invoice a recurring schedule posted: that schedule. */
  readonly recurring_invoice_id?: Id | null;
  /** Of an estimate, sales order or purchase order converted: the invoice or bill made from it (absent before). */
  readonly converted_to?: Id | null;
  /** Of an invoice or bill made by a conversion: the document it was made from (absent otherwise). */
  readonly converted_from?: DocumentLink | null;
  /** Of an overpayment (a prepayment type holding what a receipt or payment left over): that money, voided with it. */
  readonly from_money?: MoneyLink | null;
  readonly created_at: string;
  readonly updated_at: string;
}

const sequence = (value: number) => String(value).padStart(12, '0');
/** A type's documents by business date, then number (lsi1). */
export const byTypeAndDate = facetKey<DocumentRecord, ['type', 'date', 'sequence']>(null, ['type', 'date', 'sequence'], { sequence });
/** A party's documents of a type by business date, then number (lsi2). */
export const byPartyAndDate = facetKey<DocumentRecord, ['type', 'party_id', 'date', 'sequence']>(null, ['type', 'party_id', 'date', 'sequence'], { sequence });

/**
 * All documents of a business form one collection, so an id alone tells its type. Each type is a view of its
 * own (counted, listed by business date then number); lsi2 lists one party's documents of a type.
 */
export const documentStore = collection<DocumentRecord>({
  kind: 'DOC',
  order: byTypeAndDate,
  order2: byPartyAndDate,
  views: (document) => [documentView(document.type), partyDocumentView(document.type, document.party_id)],
  dated: { index: 'lsi1', prefix: (view) => view.prefix, date: (document) => document.date, counts: DATED_COUNTS },
});

/** What of a document is still to settle: an invoice's or bill's balance due, a credit document's unapplied credit. */
export function openAmount(document: DocumentRecord): number {
  return isCreditType(document.type) ? document.total - document.amount_allocated : balanceDue(figuresOf(document));
}

/** The types whose open documents are marked and whose reliefs are recorded: invoices and bills, and credit documents (their unapplied credit is on the aged reports). */
export const hasOpenAmount = (type: DocumentType) => DOCUMENT_SPECS[type].settleable || isCreditType(type);

/**
 * A document that still has something to settle: an invoice or bill with money or credit due, or a credit document
 * with credit unapplied, not voided. Only these carry an open-document marker (see `openDocumentKey`), written and
 * removed as a posting opens or closes one.
 */
export function isOpenDocument(document: DocumentRecord): boolean {
  return hasOpenAmount(document.type) && !document.voided_at && openAmount(document) > 0;
}

/** The rate a document was booked at (1 for one posted before rates). */
export function documentRate(document: Pick<DocumentRecord, 'exchange_rate'>): Rate {
  return document.exchange_rate ?? HOME_RATE;
}

/** How much of a document live settlements have settled: money and credit for an invoice or bill, allocations for a credit document. */
export function settledAmount(document: DocumentRecord): number {
  return isCreditType(document.type) ? document.amount_allocated : document.amount_paid + document.amount_credited;
}

/**
 * A document's settled amount in the home currency, at its own rate. Documents settled before the home currency
 * kept none: theirs is their settled amount converted, which is what their settlements relieved.
 */
export function settledInHome(document: DocumentRecord, homeCurrency: string): SettledInHome {
  const rate = documentRate(document);
  return { currency: document.currency, rate, baseSettled: document.base_settled ?? convertAccepted(settledAmount(document), document.currency, rate, homeCurrency) };
}

/**
 * A document's settled home amount once a settlement of `amount` that relieved `relieved` no longer settles it (a
 * void). Settlements made before the home currency recorded no relief: theirs was the amount at the document's
 * rate. A document that never kept one keeps deriving it.
 */
export function baseSettledWithout(document: DocumentRecord, amount: number, relieved: number | undefined, homeCurrency: string): Pick<DocumentRecord, 'base_settled'> | Record<string, never> {
  if (document.base_settled === undefined && relieved === undefined) return {};
  const undone = relieved ?? convertAccepted(amount, document.currency, documentRate(document), homeCurrency);
  return { base_settled: settledInHome(document, homeCurrency).baseSettled - undone };
}

/** A document's total in the home currency, at the rate it was booked at. */
export function totalInHome(document: DocumentRecord, homeCurrency: string): number {
  return convertAccepted(document.total, document.currency, documentRate(document), homeCurrency);
}

/** A document's open balance in the home currency, at the rate it was booked at. */
export function openInHome(document: DocumentRecord, homeCurrency: string): number {
  return totalInHome(document, homeCurrency) - settledInHome(document, homeCurrency).baseSettled;
}

const relievedAmount = (document: DocumentRecord) => (document.voided_at ? document.total : settledAmount(document));

/**
 * What of an invoice or bill is no longer owed: its settlements and credits, or all of it once voided, in its
 * currency and in the home currency at its rate. Its open amount is its total less this.
 */
export function relievedOf(document: DocumentRecord, homeCurrency: string): Relieved {
  if (document.voided_at) return { amount: document.total, home: totalInHome(document, homeCurrency) };
  return { amount: relievedAmount(document), home: settledInHome(document, homeCurrency).baseSettled };
}


/** The journal lines of a document: its type's rule, with each line's amount on the account it names. */
export function documentJournalLines(businessId: Id, document: DocumentRecord): JournalLine[] {
  const spec = DOCUMENT_SPECS[document.type];
  return postingLines(spec.posting, businessId, { subtotal: document.subtotal, tax: document.tax_total, total: document.total, byAccount: document.lines.map((line) => ({ account_id: line.account_id ?? null, amount: line.amount, tracking: line.tracking })), selfAssessed: document.reverse_charge_tax ?? 0 }, document.payment_account_id ?? undefined);
}


/**
 * A document's cash-basis gap (`cash-basis-rules.ts`) from what its posting books: its journal lines in the home
 * currency exactly as the posting path converts them.
 */
export function documentCashBasisGap(businessId: Id, document: DocumentRecord, homeCurrency: string): Deltas {
  if (!CASH_BASIS_TYPES.has(document.type) || !document.journal_entry_id) return {};
  const entry = { currency: document.currency, exchange_rate: documentRate(document) };
  return cashBasisGap(balanceDeltas({ ...entry, lines: bookedLinesOf(businessId, document, homeCurrency) }, homeCurrency), settledAmount(document), document.total, document.voided_at !== null);
}

/** A document's journal lines in the home currency exactly as the posting path converts them. */
function bookedLinesOf(businessId: Id, document: DocumentRecord, homeCurrency: string) {
  return inHomeCurrency(documentJournalLines(businessId, document), { currency: document.currency, exchange_rate: documentRate(document) }, homeCurrency, systemAccountId(businessId, 'realized_fx')) ?? [];
}

/** A document as its per-rate tax figures read it (`tax/tax-totals.ts`). */
export const taxedPosting = (businessId: Id, document: DocumentRecord, homeCurrency: string): TaxedPosting => ({ document, booked: document.journal_entry_id ? bookedLinesOf(businessId, document, homeCurrency) : [], settled: settledAmount(document) });

/** The documents, with their versions, that the reader's credential wrote lately (`recent-writes.ts`): one BatchGetItem, none when it wrote none. */
export async function documentsOfRecentWrites(businessId: Id): Promise<Stored<DocumentRecord>[]> {
  // A document written, and those a receipt, a credit or a void settled or reopened (their status moved too).
  const ids = recordsNamed(await recentWritesOfActing(businessId), (write) => [write.record, ...write.related].filter((ref) => ref.type in DOCUMENT_SPECS)).map((ref) => ref.id as Id);
  if (ids.length === 0) return [];
  const keys = ids.map((id) => documentStore.keyOf(businessId, id));
  const read = await batchGet(keys);
  return keys.flatMap((key) => documentStore.fromItem(read(key)) ?? []);
}

/** The date a document ages from: its due date, or its own date when it has none. */
export function agingDate(document: Pick<DocumentRecord, 'due_date' | 'date'>): string {
  return document.due_date ?? document.date;
}

const openMarkerKey = (businessId: Id, document: DocumentRecord) => openDocumentKey(businessId, document.type, agingDate(document), document.id);

/**
 * Every new document is written through here, so that an open one is marked as open, and the part cash basis has
 * yet to recognise is held back on its date, in the same transaction.
 */
export function addDocumentCreate(tx: WriteTransaction, businessId: Id, document: DocumentRecord, homeCurrency: string): void {
  documentStore.addCreate(tx, businessId, document);
  addCashBasisShift(tx, businessId, document.date, documentCashBasisGap(businessId, document, homeCurrency));
  addDocumentTax(tx, businessId, document.date, taxedPosting(businessId, document, homeCurrency));
  if (isOpenDocument(document)) tx.put('OPENDOC:mark', { ...openMarkerKey(businessId, document), document_id: document.id, party_id: document.party_id, currency: document.currency });
}

/** The business date a change of what a document has settled (or its void) takes effect on, what made it, and the home currency. */
export interface ReliefDate {
  readonly on: string;
  /** The receipt, payment or credit note settling it, or the document voided. */
  readonly source: Id;
  readonly homeCurrency: string;
  /** Of a settlement voided: the day it was made. It settled the document from then until `on`. */
  readonly undoing?: string;
}

/**
 * Every change of a document is written through here: the document under the version it was read at, its open
 * marker only when the change opens or closes it (a partial payment writes no marker), and, when it moves what an
 * invoice or bill has settled, the relief dated `relief.on` (see `reliefs.ts`), and when it moves the document's
 * cash-basis gap, that move on the same date. Such a change without a date is a broken invariant: a report as of a
 * past date, or on the cash basis, would lose it.
 */
export function addDocumentReplace(tx: WriteTransaction, businessId: Id, before: Stored<DocumentRecord>, replacing: DocumentRecord, relief?: ReliefDate): void {
  // A settlement voided on a later day than it was made settled the document until then (`settled_through`).
  const settledUntil = relief?.undoing !== undefined && relief.on > relief.undoing && reliefChanged(before.record, replacing) ? relief.on : undefined;
  const after = settledUntil ? { ...replacing, settled_through: laterOf(replacing.settled_through, settledUntil) } : replacing;
  documentStore.addReplace(tx, businessId, after, before.version);
  if (hasOpenAmount(after.type)) addReliefOf(tx, businessId, before.record, after, relief);
  addCashBasisMove(tx, businessId, before.record, after, relief);
  addTaxMove(tx, businessId, before.record, after, relief);
  const wasOpen = isOpenDocument(before.record);
  const nowOpen = isOpenDocument(after);
  if (nowOpen && !wasOpen) tx.put('OPENDOC:mark', { ...openMarkerKey(businessId, after), document_id: after.id, party_id: after.party_id, currency: after.currency });
  if (wasOpen && !nowOpen) tx.delete('OPENDOC:unmark', openMarkerKey(businessId, before.record));
}

const reliefChanged = (before: DocumentRecord, after: DocumentRecord) => relievedAmount(before) !== relievedAmount(after) || before.base_settled !== after.base_settled;
const laterOf = (date: string | undefined, other: string) => (date !== undefined && date > other ? date : other);

function addReliefOf(tx: WriteTransaction, businessId: Id, before: DocumentRecord, after: DocumentRecord, relief: ReliefDate | undefined): void {
  if (!reliefChanged(before, after)) return;
  if (!relief) throw new Error(`Document ${after.id}: what it has settled changed without a date`);
  const [was, now] = [relievedOf(before, relief.homeCurrency), relievedOf(after, relief.homeCurrency)];
  addRelief(tx, businessId, after, { date: relief.on, source: relief.source }, { amount: now.amount - was.amount, home: now.home - was.home });
}

function addCashBasisMove(tx: WriteTransaction, businessId: Id, before: DocumentRecord, after: DocumentRecord, relief: ReliefDate | undefined): void {
  if (!CASH_BASIS_TYPES.has(after.type) || (settledAmount(before) === settledAmount(after) && before.voided_at === after.voided_at)) return;
  if (!relief) throw new Error(`Document ${after.id}: what it has settled changed without a date`);
  addCashBasisShift(tx, businessId, relief.on, deltasBetween(documentCashBasisGap(businessId, before, relief.homeCurrency), documentCashBasisGap(businessId, after, relief.homeCurrency)));
}

/** A void reverses the document's tax figures on its date; a settlement moves what cash basis has yet to recognise. */
function addTaxMove(tx: WriteTransaction, businessId: Id, before: DocumentRecord, after: DocumentRecord, relief: ReliefDate | undefined): void {
  if (settledAmount(before) === settledAmount(after) && before.voided_at === after.voided_at) return;
  if (!relief) throw new Error(`Document ${after.id}: what it has settled changed without a date`);
  addDocumentTaxChange(tx, businessId, relief.on, taxedPosting(businessId, before, relief.homeCurrency), taxedPosting(businessId, after, relief.homeCurrency));
}

export function documentView(type: DocumentType): View {
  return { prefix: byTypeAndDate.prefix({ type }), counter: type };
}

/** One party's documents of a type, listed on lsi2 and counted per party by day and month. */
export function partyDocumentView(type: DocumentType, partyId: Id): View {
  return { prefix: byPartyAndDate.prefix({ type, party_id: partyId }), counter: `${type}#${partyId}`, index: 'lsi2', party: partyId };
}

/**
 * A status whose list the open-documents index serves (Open and PartiallyPaid of an invoice or bill): exactly the
 * open documents, read strongly consistent, so the status projection keeps no entries for them.
 */
export function isListedAsOpen(type: DocumentType, status: string): boolean {
  return DOCUMENT_SPECS[type].settleable && (status === 'Open' || status === 'PartiallyPaid');
}

export function documentStatus(document: DocumentRecord): string {
  if (document.voided_at) return 'Voided';
  const spec = DOCUMENT_SPECS[document.type];
  if (spec.settleable) {
    return settlementStatus({ total: document.total, amountPaid: document.amount_paid, amountCredited: document.amount_credited });
  }
  if (isCreditType(document.type)) return document.amount_allocated < document.total ? 'Open' : 'Closed';
  if (spec.paidFromAccount) return 'Paid';
  if (document.converted_to) return spec.party === 'vendor' ? 'Billed' : 'Invoiced';
  return 'Open';
}

/** A document whose type is known, so its resource type is too. */
export type DocumentRecordOf<T extends DocumentType> = DocumentRecord & { readonly type: T };

export function isDocumentOf<T extends DocumentType>(document: DocumentRecord, type: T): document is DocumentRecordOf<T> {
  return document.type === type;
}

/** The document, known to be one of `types`; anything else is a broken invariant (a view or a rule let it through). */
export function asDocumentOf<T extends DocumentType>(types: T | readonly T[], document: DocumentRecord): DocumentRecordOf<T> {
  const expected: readonly DocumentType[] = Array.isArray(types) ? types : [types as T];
  if (!expected.includes(document.type)) throw new Error(`Document ${document.id} is a ${document.type}, not ${expected.join(' or ')}`);
  return document as DocumentRecordOf<T>;
}

/**
 * The document as GET returns it, and as its events carry it. Its fields depend on the type's spec (the party and
 * date fields, settlement figures, credit, the paying account), so it is built field by field; its type comes from
 * the record's own type, and the integration tests validate every answer against that type's schema.
 */
export function toDocumentResource<T extends DocumentType>(document: DocumentRecordOf<T>): DocumentResource<T> {
  const spec = DOCUMENT_SPECS[document.type];
  const major = (minor: number) => toMajor(minor, document.currency);
  const resource: Record<string, unknown> = {
    id: document.id,
    type: document.type,
    no: document.no,
    status: documentStatus(document),
    [`${spec.party}_id`]: document.party_id,
    [spec.dateField]: document.date,
    currency: document.currency,
    exchange_rate: document.exchange_rate === null ? null : rateNumber(documentRate(document)),
    reference: document.reference,
    note: document.note,
    lines: document.lines.map((line) => ({
      item_id: line.item_id,
      account_id: line.account_id ?? null,
      description: line.description,
      quantity: line.quantity,
      unit_price: major(line.unit_price),
      tax_rate: line.tax_rate,
      tax_rate_id: line.tax_rate_id ?? null,
      amount: major(line.amount),
      tax_amount: major(line.tax),
      tracking: shownTracking(line.tracking),
    })),
    amounts: document.amounts ?? 'exclusive',
    tax_rounding: document.tax_rounding ?? 'line',
    subtotal: major(document.subtotal),
    tax_total: major(document.tax_total),
    reverse_charge_tax: major(document.reverse_charge_tax ?? 0),
    total: major(document.total),
  };
  if (spec.hasDueDate) resource.due_date = document.due_date;
  if (spec.settleable) {
    resource.amount_paid = major(document.amount_paid);
    resource.amount_credited = major(document.amount_credited);
    // A voided document owes nothing (api.md, "True as of any date").
    resource.balance_due = major(document.voided_at ? 0 : balanceDue(figuresOf(document)));
  }
  if (isCreditType(document.type)) {
    resource.amount_allocated = major(document.amount_allocated);
    resource.remaining_credit = major(document.total - document.amount_allocated);
  }
  if (spec.paidFromAccount) resource.payment_account_id = document.payment_account_id;
  if (isPrepaymentType(document.type)) {
    resource.source = document.from_money ? 'overpayment' : 'prepayment';
    resource.money = document.from_money ?? null;
  }
  if (spec.posting === 'none') resource.converted_to_id = document.converted_to ?? null;
  if (document.type === 'invoice' || document.type === 'bill') resource.converted_from = document.converted_from ?? null;
  if (document.type === 'invoice') {
    resource.sent_at = document.sent_at ?? null;
    resource.send_count = document.send_count ?? 0;
    resource.recurring_invoice_id = document.recurring_invoice_id ?? null;
  }
  resource.voided_at = document.voided_at;
  resource.void_date = shownVoidDate(document);
  resource.created_at = document.created_at;
  resource.updated_at = document.updated_at;
  return resource as DocumentResource<T>;
}

/**
 * Marks a settleable document as open (balance due, not voided), in a partition of the open documents only, so the
 * aged reports and reminders read what is open, never the whole history.
 */
export function openDocumentKey(businessId: Id, type: string, dueDate: string, documentId: Id): Key {
  return { pk: openDocumentsPk(businessId), sk: `${openDocumentsPrefix(type)}${dueDate}#${documentId}` };
}

/** Open documents of one type, ordered by due date. */
export function openDocumentsPrefix(type: string): string {
  return `OPEN#${type}#`;
}

export function openDocumentsPk(businessId: Id): string {
  return `${businessPk(businessId)}#OPENDOC`;
}
