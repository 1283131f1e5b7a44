/**
 * Reconciling a bank-feed line: matching it to postings already on its account, categorizing it (it posts itself
 * as a numbered bank transaction against another account), excluding it, and undoing any of these. A line and a
 * posting are linked in one transaction that conditions on both (the line's version; the posting's entry not
 * linked on that account and not reversed), so a race of two matches leaves one link. See docs/bank-reconciliation.md.
 */
import { addAuditEntry } from '../platform/trail/write.ts';
import { changedAction, recordRef } from '../platform/trail/actions.ts';
import { collection } from '../platform/db/collection.ts';
import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { facetKey } from '../platform/db/keys.ts';
import { retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { categorizedLines, matchedTotalProblem, matchProblem, matchTypeOf, netOnAccount, transitionProblem, type LineMatch } from './bank-reconciliation.ts';
import { accountStore, addBankMatch, addBankUnmatch, addRatesUsed, addTaxFigures, bankLinesOf, categorizedTaxDeltas, entriesOfDocument, event, exclusiveTax, formatNumber, inclusiveTax, inHomeCurrency, isProblem, journalAccountProblem, journalStore, lineTrackingProblems, post, ratesCreated, readTaxRates, reversalOfStored, systemAccountId, taxRateBook, trackedAs } from '../ledger/index.ts';
import type { CategorizedTax, JournalEntryRecord, JournalLine, Rate, TrackingRef } from '../ledger/index.ts';
import { NotFound, RuleViolation, ScopeRequired, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import type { Scope } from '../platform/http/scopes.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { emit } from '../platform/outbox/emit.ts';
import { moneyStore, recordMoney } from '../cash/index.ts';
import { addLineReplace, getLine, lineStore, statusOf, toLineResource, type BankLineRecord, type BankLineResource } from './lines.ts';
import { transferStore } from './transfers.ts';

export interface BankTransactionRecord {
  readonly id: Id;
  readonly no: string;
  readonly sequence: number;
  readonly line_id: Id;
  readonly bank_account_id: Id;
  readonly account_id: Id;
  readonly date: string;
  /** Signed minor units, as the line. */
  readonly amount: number;
  readonly tax: number;
  readonly tax_rate: number;
  /** Money out at a reverse-charge rate: the tax self-assessed on it (absent otherwise). */
  readonly reverse_charge_tax?: number;
  /** The tax rate the line was categorized at (absent on transactions posted before tax rates). */
  readonly tax_rate_id?: Id | null;
  readonly currency: string;
  readonly exchange_rate: Rate;
  readonly description: string | null;
  readonly journal_entry_id: Id;
  readonly reversed_at: string | null;
  readonly created_at: string;
  /** The tracking options of the line against `account_id` (absent: unassigned). */
  readonly tracking?: readonly TrackingRef[];
}

const byDate = facetKey<BankTransactionRecord, ['date', 'sequence']>('DATE', ['date', 'sequence'], { sequence: (value) => String(value).padStart(12, '0') });

export const bankTransactionStore = collection<BankTransactionRecord>({ kind: 'BANK_TRANSACTION', order: byDate, dated: { index: 'lsi1', prefix: () => byDate.prefix({}), date: (transaction) => transaction.date, counts: DATED_COUNTS } });

const refuseUnless = (line: BankLineRecord, action: Parameters<typeof transitionProblem>[1]) => {
  const problem = transitionProblem(statusOf(line), action);
  if (problem) throw new StateConflict(problem);
};

/** The entries a match names, each with whether a void reversed it before reversals were marked on their original. */
async function entriesToMatch(businessId: Id, line: BankLineRecord, input: MatchInput): Promise<{ entries: (JournalEntryRecord | undefined)[]; field: (index: number) => string }> {
  if ('money_id' in input) {
    // A receipt, a payment or a transfer (which the suggestions offer by its own id): read side by side.
    const [money, transfer] = await Promise.all([moneyStore.get(businessId, input.money_id), transferStore.get(businessId, input.money_id)]);
    const accounts = money ? [money.record.payment_account_id] : transfer ? [transfer.record.from_account_id, transfer.record.to_account_id] : null;
    if (!accounts) throw RuleViolation.of('money_id', 'does not exist');
    if (!accounts.includes(line.account_id)) throw RuleViolation.of('money_id', "is recorded on another account than the line's");
    return { entries: await journalStore.getMany(businessId, [(money ?? transfer)!.record.journal_entry_id]), field: () => 'money_id' };
  }
  const ids = input.journal_entry_ids;
  if (new Set(ids).size !== ids.length) throw RuleViolation.of('journal_entry_ids', 'names a posting twice');
  const found = new Map((await journalStore.getMany(businessId, ids)).map((entry) => [entry.id, entry]));
  return { entries: ids.map((id) => found.get(id)), field: (index) => `journal_entry_ids[${index}]` };
}

/** Whether a void took the entry back: its mark, or for entries voided before marks, a reversal beside it. */
async function isReversed(businessId: Id, entry: JournalEntryRecord): Promise<boolean> {
  if (entry.reversed_by) return true;
  return (await entriesOfDocument(businessId, entry.document_id)).some((other) => other.reverses === entry.id);
}

export type MatchInput = { readonly money_id: Id } | { readonly journal_entry_ids: readonly Id[] };

/**
 * Links an unmatched line to postings on its account whose net there adds up to its amount (one deposit for several
 * receipts): each posting's entry is marked with the line on that account, the line lists them, in one transaction.
 */
export async function matchLine(businessId: Id, lineId: Id, input: MatchInput): Promise<BankLineResource> {
  return retryOnConflict(async () => {
    const stored = await getLine(businessId, lineId);
    const line = stored.record;
    refuseUnless(line, 'match');
    const { entries, field } = await entriesToMatch(businessId, line, input);
    const reversed = await Promise.all(entries.map((entry) => (entry ? isReversed(businessId, entry) : false)));
    const problems = entries.map((entry, index) => matchProblem(entry, line, reversed[index]!, field(index))).filter((problem): problem is FieldProblem => problem !== null);
    if (problems.length > 0) throw new RuleViolation(problems);
    const found = entries as JournalEntryRecord[];
    for (const entry of found) {
      const other = bankLinesOf(entry).get(line.account_id);
      if (other) throw new StateConflict(`Posting ${entry.document_no ?? entry.id} is already matched to bank-feed line ${other}.`);
    }
    const total = matchedTotalProblem(found.map((entry) => netOnAccount(entry, line.account_id)), line.amount, 'money_id' in input ? 'money_id' : 'journal_entry_ids', (minor) => String(toMajor(minor, line.currency)));
    if (total) throw new RuleViolation([total]);
    const now = new Date().toISOString();
    const matches: LineMatch[] = found.map((entry) => ({ type: matchTypeOf(entry.document_type)!, id: entry.document_id, no: entry.document_no, journal_entry_id: entry.id }));
    const next: BankLineRecord = { ...line, status: 'matched', matches, updated_at: now };
    const resource = toLineResource(next);
    const tx = new WriteTransaction();
    addLineReplace(tx, businessId, stored, next);
    for (const entry of found) addBankMatch(tx, businessId, entry.id, line.account_id, line);
    emit(tx, businessId, 'bank_feed.line_matched', resource);
    addAuditEntry(tx, businessId, changedAction('matched', 'bank_line', toLineResource(line), resource, matches.map((match) => recordRef(match.type, match))));
    await tx.commit();
    return resource;
  });
}

export interface RecordingMatchInput {
  readonly party_id: Id;
  readonly allocations: readonly { readonly document_id: Id; readonly amount: number }[];
  readonly reference?: string | undefined;
  readonly exchange_rate?: number | undefined;
}

/** The scope recording the money for a line needs beside the banking one: a receipt's or a payment's. */
export const moneyScopeFor = (amount: number): Scope => (amount > 0 ? 'sales_receipts:create' : 'purchases_payments:create');

/**
 * Explains an unmatched line by recording the money it is: a receipt (money in) or a payment (money out) dated the
 * line's date on its account in its currency, through the one money producer (numbering, lock date, rates, at
 * most 25 allocations), its allocations adding up to the line's amount; the line linked to it in the same
 * transaction, which conditions on the line's version.
 */
export async function matchByRecording(businessId: Id, lineId: Id, input: RecordingMatchInput, scopes: ReadonlySet<Scope>): Promise<BankLineResource> {
  const { record: line } = await getLine(businessId, lineId);
  refuseUnless(line, 'match');
  const scope = moneyScopeFor(line.amount);
  if (!scopes.has(scope)) throw new ScopeRequired(scope);
  const kind = line.amount > 0 ? 'receipt' : 'payment';
  const money = { party_id: input.party_id, date: line.date, payment_account_id: line.account_id, currency: line.currency, allocations: [...input.allocations], ...(input.reference ? { reference: input.reference } : {}), ...(input.exchange_rate === undefined ? {} : { exchange_rate: input.exchange_rate }) };
  const lineKey = lineStore.keyOf(businessId, lineId);
  const recorded = await recordMoney(kind, businessId, money, undefined, {
    reads: [lineKey],
    decide: (read, recordedMoney) => {
      const stored = lineStore.fromItem(read(lineKey));
      if (!stored) throw new NotFound('bank-feed line');
      refuseUnless(stored.record, 'match');
      if (recordedMoney.amount !== Math.abs(stored.record.amount)) throw RuleViolation.of('allocations', `add up to ${toMajor(recordedMoney.amount, line.currency)}, not the line's ${toMajor(Math.abs(stored.record.amount), line.currency)}`);
      const next: BankLineRecord = { ...stored.record, status: 'matched', matches: [{ type: kind, id: recordedMoney.id, no: recordedMoney.no, journal_entry_id: recordedMoney.journal_entry_id }], updated_at: recordedMoney.created_at };
      const resource = toLineResource(next);
      return { records: (tx) => addLineReplace(tx, businessId, stored, next), lineId, events: [event('bank_feed.line_matched', resource)], result: resource };
    },
  });
  return recorded.linked!;
}

export interface CategorizeInput {
  readonly account_id: Id;
  readonly description?: string | undefined;
  readonly tax_rate?: number | undefined;
  readonly tax_rate_id?: Id | null | undefined;
  readonly exchange_rate?: number | undefined;
  readonly tracking?: readonly TrackingRef[] | undefined;
}

/**
 * Posts an unmatched line as a bank transaction (BT-00001) between its bank account and `account_id`, the tax
 * inside it split out, through the one posting path (numbering, lock date, the line's currency at its rate).
 */
export async function categorizeLine(businessId: Id, lineId: Id, input: CategorizeInput): Promise<BankLineResource> {
  const posted = await post({
    businessId,
    series: { kind: 'BANK_TRANSACTION', name: 'bank_transaction' },
    reads: [lineStore.keyOf(businessId, lineId), accountStore.keyOf(businessId, input.account_id)],
    decide: async ({ read, number, home, now }) => {
      const stored = lineStore.fromItem(read(lineStore.keyOf(businessId, lineId)));
      if (!stored) throw new NotFound('bank-feed line');
      const line = stored.record;
      refuseUnless(line, 'categorize');
      const account = accountStore.fromItem(read(accountStore.keyOf(businessId, input.account_id)))?.record;
      const problem = account?.cash_flow ? { field: 'account_id', message: 'is a bank or cash account; record a transfer (POST /bank-feeds/transfers) and match its side instead' } : journalAccountProblem(account, 'account_id');
      if (problem) throw new RuleViolation([problem]);
      // The tax inside the amount is at the rate named (money in is a sale, money out a purchase).
      const taxRates = taxRateBook(businessId, await readTaxRates(businessId), line.amount > 0 ? 'sales' : 'purchases', now);
      const tax = taxRates.resolve(input, '');
      const problems = [...(isProblem(tax) ? [tax] : []), ...(await lineTrackingProblems(businessId, [input], () => ''))];
      if (problems.length > 0 || isProblem(tax)) throw new RuleViolation(problems);
      const rate = await home.rate(line.currency, line.date, input.exchange_rate);
      const transaction: BankTransactionRecord = {
        id: newId(),
        no: formatNumber('BT', number!),
        sequence: number!,
        line_id: line.id,
        bank_account_id: line.account_id,
        account_id: input.account_id,
        date: line.date,
        amount: line.amount,
        tax: tax.carried === 0 ? 0 : inclusiveTax(Math.abs(line.amount), tax.carried),
        tax_rate: tax.carried,
        ...(tax.selfAssessed !== 0 ? { reverse_charge_tax: exclusiveTax(Math.abs(line.amount), tax.selfAssessed) } : {}),
        tax_rate_id: tax.rate.id,
        currency: line.currency,
        exchange_rate: rate,
        description: input.description ?? line.description,
        journal_entry_id: newId(),
        reversed_at: null,
        created_at: now,
        ...trackedAs(input.tracking),
      };
      const next: BankLineRecord = { ...line, status: 'categorized', matches: [{ type: 'bank_transaction', id: transaction.id, no: transaction.no, journal_entry_id: transaction.journal_entry_id, ...trackedAs(transaction.tracking) }], updated_at: now };
      const resource = toLineResource(next);
      const journalLines = categorizedLinesOf(businessId, transaction);
      return {
        guards: [{ field: 'date', date: line.date }],
        records: (tx) => {
          bankTransactionStore.addCreate(tx, businessId, transaction);
          addLineReplace(tx, businessId, stored, next);
          addRatesUsed(tx, businessId, taxRates.named());
          addTaxFigures(tx, businessId, line.date, categorizedTaxDeltas(businessId, categorizedTaxOf(businessId, transaction, home.currency, journalLines)), 1);
        },
        entries: [{ id: transaction.journal_entry_id, document_id: transaction.id, document_type: 'bank_transaction', document_no: transaction.no, date: line.date, currency: line.currency, exchange_rate: rate, lines: journalLines, reverses: null }],
        events: [event('bank_feed.line_categorized', resource)],
        audit: changedAction('categorized', 'bank_line', toLineResource(line), resource, [recordRef('bank_transaction', transaction), ...ratesCreated(taxRates.named())]),
        result: resource,
      };
    },
  });
  return posted.result;
}

const categorizedLinesOf = (businessId: Id, transaction: BankTransactionRecord) => categorizedLines(businessId, transaction.bank_account_id, transaction.account_id, transaction.amount, transaction.tax_rate, transaction.reverse_charge_tax ?? 0, transaction.tracking);

/** A categorized line as its per-rate tax figures read it: its journal lines in the home currency, as posted. */
export function categorizedTaxOf(businessId: Id, transaction: BankTransactionRecord, homeCurrency: string, lines: readonly JournalLine[] = categorizedLinesOf(businessId, transaction)): CategorizedTax {
  const booked = inHomeCurrency(lines, { currency: transaction.currency, exchange_rate: transaction.exchange_rate }, homeCurrency, systemAccountId(businessId, 'realized_fx')) ?? [];
  return { rateId: transaction.tax_rate_id ?? null, sales: transaction.amount > 0, account: transaction.account_id, booked };
}

/** Marks an unmatched line as one to ignore (a duplicate, a line the books need not explain). */
export async function excludeLine(businessId: Id, lineId: Id): Promise<BankLineResource> {
  return changeLine(businessId, lineId, 'excluded', (line, now) => {
    refuseUnless(line, 'exclude');
    return { ...line, status: 'excluded', updated_at: now };
  });
}

async function changeLine(businessId: Id, lineId: Id, action: 'excluded' | 'undone', change: (line: BankLineRecord, now: string) => BankLineRecord, more?: (tx: WriteTransaction, line: BankLineRecord) => void): Promise<BankLineResource> {
  return retryOnConflict(async () => {
    const stored = await getLine(businessId, lineId);
    const next = change(stored.record, new Date().toISOString());
    const resource = toLineResource(next);
    const tx = new WriteTransaction();
    addLineReplace(tx, businessId, stored, next);
    more?.(tx, stored.record);
    emit(tx, businessId, 'bank_feed.line_updated', resource);
    addAuditEntry(tx, businessId, changedAction(action, 'bank_line', toLineResource(stored.record), resource, (stored.record.matches ?? []).map((match) => recordRef(match.type, match))));
    await tx.commit();
    return resource;
  });
}

/**
 * Returns a line to unmatched: an exclusion lifted; a match unlinked (the postings stay, free to be matched again);
 * a categorization's bank transaction reversed on its own date through the posting path (refused when that date is
 * locked).
 */
export async function undoLine(businessId: Id, lineId: Id): Promise<BankLineResource> {
  const { record: line } = await getLine(businessId, lineId);
  refuseUnless(line, 'undo');
  const unmatched = (of: BankLineRecord, now: string): BankLineRecord => ({ ...of, status: 'unmatched', matches: [], updated_at: now });
  if (statusOf(line) !== 'categorized') {
    return changeLine(
      businessId,
      lineId,
      'undone',
      (current, now) => {
        // Decided again on the line as read in this attempt: another request may have undone or changed it.
        refuseUnless(current, 'undo');
        if (statusOf(current) === 'categorized') throw new StateConflict('This line was categorized meanwhile; undo it again.');
        return unmatched(current, now);
      },
      (tx, current) => {
        for (const match of current.matches ?? []) addBankUnmatch(tx, businessId, match.journal_entry_id, current.account_id, current.id);
      },
    );
  }
  const transactionId = line.matches?.[0]?.id;
  if (!transactionId) throw new Error(`Categorized line ${line.id} names no bank transaction`);
  const posted = await post({
    businessId,
    reads: [lineStore.keyOf(businessId, lineId), bankTransactionStore.keyOf(businessId, transactionId)],
    decide: async ({ read, home, now }) => {
      const stored = lineStore.fromItem(read(lineStore.keyOf(businessId, lineId)));
      const transaction = bankTransactionStore.fromItem(read(bankTransactionStore.keyOf(businessId, transactionId)));
      if (!stored || !transaction) throw new NotFound('bank-feed line');
      if (statusOf(stored.record) !== 'categorized' || stored.record.matches?.[0]?.id !== transactionId) throw new StateConflict('This line changed meanwhile; read it again.');
      const reversal = await reversalOfStored(businessId, transaction.record.journal_entry_id, transaction.record.no, transaction.record.date, home.currency);
      const next = unmatched(stored.record, now);
      const resource = toLineResource(next);
      return {
        guards: [{ field: 'date', date: transaction.record.date }],
        records: (tx) => {
          bankTransactionStore.addReplace(tx, businessId, { ...transaction.record, reversed_at: now }, transaction.version);
          addLineReplace(tx, businessId, stored, next);
          const record = transaction.record;
          addTaxFigures(tx, businessId, record.date, categorizedTaxDeltas(businessId, categorizedTaxOf(businessId, record, home.currency)), -1);
        },
        entries: [reversal],
        events: [event('bank_feed.line_updated', resource)],
        audit: changedAction('undone', 'bank_line', toLineResource(stored.record), resource, [recordRef('bank_transaction', transaction.record)]),
        result: resource,
      };
    },
  });
  return posted.result;
}
