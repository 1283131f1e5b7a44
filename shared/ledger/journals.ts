/**
 * Manual journals: an accrual, a depreciation, an opening balance, a correction between accounts. Each is posted
 * and voided through the one posting path, numbered MJ-00001 gaplessly, listed by date then number.
 */
import { changedAction, createdAction } from '../platform/trail/actions.ts';
import { collection } from '../platform/db/collection.ts';
import { DATED_COUNTS } from '../platform/db/dated-counts.ts';
import { facetKey, type Key } from '../platform/db/keys.ts';
import type { Item } from '../platform/db/query.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { AuditAction, AuditRecordRef } from '../platform/trail/entry.ts';
import { journalAccountProblem } from './chart-rules.ts';
import { formatNumber } from './documents/specs.ts';
import { NotFound, RuleViolation, StateConflict, type FieldProblem } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { checkJournalLines } from './journal-rules.ts';
import { toMajor } from '../platform/core/money.ts';
import { HOME_RATE, rateNumber, type Rate } from './exchange.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { accountStore } from './accounts.ts';
import { reversalOfStored } from './journal.ts';
import { event, post } from './posting.ts';
import type { JournalCreateInput, ManualJournalResource } from './journal-schemas.ts';
import { shownVoidDate, voidDateOf, type VoidInput } from './void-date.ts';
import { journalEntryLines, journalLineTaxes, taxSides, type JournalLineTax, type JournalLineToTax, type TaxedJournalLine } from './journal-tax.ts';
import { isProblem, taxRateBook } from './tax/resolve.ts';
import { addRatesUsed, ratesCreated, readTaxRates, type ReadRate } from './tax/tax-rates.ts';
import { addTaxFigures, markedTaxDeltas } from './tax/tax-totals.ts';
import { inHomeCurrency } from './home-amounts.ts';
import { lineTrackingProblems } from './tracking/categories.ts';
import { shownTracking, trackedAs, tooManyOptions } from './tracking/tracking-rules.ts';
import { systemAccountId } from './ledger-rules.ts';

export interface ManualJournalRecord {
  readonly id: Id;
  readonly no: string;
  readonly sequence: number;
  readonly date: string;
  readonly narration: string;
  readonly currency: string;
  /** Home-currency units per unit of `currency` (absent before rates: 1). */
  readonly exchange_rate?: Rate;
  /** Minor units of `currency`; a line naming a tax rate holds the tax the journal books for it (`journal-tax.ts`). */
  readonly lines: readonly (TaxedJournalLine & { readonly description: string | null })[];
  readonly total: number;
  readonly journal_entry_id: Id;
  readonly voided_at: string | null;
  /** The day the void's reversal is booked (absent on records voided before voids kept their period). */
  readonly void_date?: string;
  readonly created_at: string;
  readonly updated_at: string;
}

const byDate = facetKey<ManualJournalRecord, ['date', 'sequence']>('DATE', ['date', 'sequence'], { sequence: (value) => String(value).padStart(12, '0') });

export const manualJournalStore = collection<ManualJournalRecord>({ kind: 'MANUAL_JOURNAL', order: byDate, dated: { index: 'lsi1', prefix: () => byDate.prefix({}), date: (journal) => journal.date, counts: DATED_COUNTS } });

export function toManualJournalResource(journal: ManualJournalRecord): ManualJournalResource {
  const major = (minor: number) => toMajor(minor, journal.currency);
  return {
    id: journal.id,
    no: journal.no,
    status: journal.voided_at ? 'voided' : 'posted',
    date: journal.date,
    narration: journal.narration,
    currency: journal.currency,
    exchange_rate: rateNumber(journal.exchange_rate ?? HOME_RATE),
    lines: journal.lines.map((line) => ({ account_id: line.account_id, debit: major(line.debit), credit: major(line.credit), description: line.description, tax_rate_id: line.tax_rate_id ?? null, tax: major(line.tax ?? 0), reverse_charge_tax: major(line.reverse_charge_tax ?? 0), tracking: shownTracking(line.tracking) })),
    total: major(journal.total),
    journal_entry_id: journal.journal_entry_id,
    voided_at: journal.voided_at,
    void_date: shownVoidDate(journal),
    created_at: journal.created_at,
    updated_at: journal.updated_at,
  };
}

/** A journal's lines as its posting books them: balanced with their tax, on live accounts, at live rates. */
export interface PricedJournal {
  readonly currency: string;
  readonly lines: ManualJournalRecord['lines'];
  readonly total: number;
  readonly named: ReadRate[];
}

/**
 * Checks and prices a journal's lines as its posting would (balance with the tax included, accounts, tax rates), a
 * 400 naming each problem: what a posting and a saved draft share. Accounts are read after the ledger's rules, so
 * an account archived meanwhile fails the posting's check.
 */
export async function priceJournal(businessId: Id, input: JournalCreateInput, homeCurrency: string, taxRounding: 'rate' | 'line', now: string): Promise<PricedJournal> {
  const currency = input.currency ?? homeCurrency;
  const rated = await ratedLines(businessId, input.lines, now);
  let taxes: JournalLineTax[] = [];
  const checked = checkJournalLines(input.lines, currency, (amounts) => {
    taxes = journalLineTaxes(amounts.map((line, index) => ({ ...line, rate: rated.rates[index] ?? null })), taxRounding);
    return taxSides(amounts.map((line, index) => ({ ...line, ...taxes[index]! })));
  });
  if (checked.problems.length > 0) throw new RuleViolation(checked.problems);
  const accounts = new Map((await accountStore.getMany(businessId, [...new Set(input.lines.map((line) => line.account_id))])).map((account) => [account.id, account]));
  const problems = input.lines.map((line, index) => journalAccountProblem(accounts.get(line.account_id), `lines[${index}].account_id`) ?? taxAccountProblem(businessId, input.lines, index)).filter((problem): problem is FieldProblem => problem !== null);
  problems.push(...(await lineTrackingProblems(businessId, input.lines)), ...[tooManyOptions(input.lines)].filter((problem) => problem !== null));
  if (problems.length > 0) throw new RuleViolation(problems);
  const lines = input.lines.map((line, index) => ({ account_id: line.account_id, ...checked.lines[index]!, description: line.description ?? null, ...(line.tax_rate_id ? { tax_rate_id: line.tax_rate_id, ...taxes[index]! } : {}), ...trackedAs(line.tracking) }));
  return { currency, lines, total: lines.reduce((sum, line) => sum + line.debit, taxSides(lines.map((line) => ({ tax: 0, reverse_charge_tax: 0, ...line }))).debit), named: rated.named };
}

/** What a caller posting a journal on its own account adds (a draft approved): its id, records read and written with it, its audit entry. */
export interface JournalPostingHook {
  readonly id: Id;
  readonly reads: readonly Key[];
  readonly decide: (read: (key: Key) => Item | undefined) => (tx: WriteTransaction) => void;
  readonly audit: (resource: ManualJournalResource, related: readonly AuditRecordRef[]) => AuditAction;
}

export async function createJournal(businessId: Id, input: JournalCreateInput, scope?: { route: string; key: string }, hook?: JournalPostingHook): Promise<ManualJournalResource> {
  const posted = await post({
    businessId,
    series: { kind: 'MANUAL_JOURNAL', name: 'journal' },
    idempotency: { scope, body: input },
    reads: hook?.reads ?? [],
    decide: async ({ read, number, home, now, taxRounding }) => {
      const priced = await priceJournal(businessId, input, home.currency, taxRounding, now);
      const rate = await home.rate(priced.currency, input.date, input.exchange_rate);
      const hooked = hook?.decide(read);
      const journal: ManualJournalRecord = {
        id: hook?.id ?? newId(),
        no: formatNumber('MJ', number!),
        sequence: number!,
        date: input.date,
        narration: input.narration,
        currency: priced.currency,
        exchange_rate: rate,
        lines: priced.lines,
        total: priced.total,
        journal_entry_id: newId(),
        voided_at: null,
        created_at: now,
        updated_at: now,
      };
      const resource = toManualJournalResource(journal);
      return {
        guards: [{ field: 'date', date: journal.date }],
        records: (tx) => {
          manualJournalStore.addCreate(tx, businessId, journal);
          addRatesUsed(tx, businessId, priced.named);
          addTaxFigures(tx, businessId, journal.date, journalTaxDeltas(businessId, journal, home.currency), 1);
          hooked?.(tx);
        },
        entries: [{ id: journal.journal_entry_id, document_id: journal.id, document_type: 'manual_journal', document_no: journal.no, date: journal.date, currency: priced.currency, exchange_rate: rate, lines: journalEntryLines(businessId, priced.lines).lines, reverses: null }],
        events: [event('journal.created', resource)],
        audit: hook ? hook.audit(resource, ratesCreated(priced.named)) : createdAction('journal', resource, ratesCreated(priced.named)),
        result: resource,
      };
    },
  });
  return posted.result;
}

/** The rates a journal's lines name, resolved on one read of the business's rates (none when no line names one). */
async function ratedLines(businessId: Id, lines: JournalCreateInput['lines'], now: string): Promise<{ readonly rates: (JournalLineToTax['rate'] | undefined)[]; readonly named: ReadRate[] }> {
  if (!lines.some((line) => line.tax_rate_id)) return { rates: [], named: [] };
  // A debit is a purchase: at a reverse-charge rate it is self-assessed (a credit carries no tax at such a rate either way).
  const book = taxRateBook(businessId, await readTaxRates(businessId), 'purchases', now);
  const problems: FieldProblem[] = [];
  const rates = lines.map((line, index) => {
    if (!line.tax_rate_id) return undefined;
    const resolved = book.resolve({ tax_rate_id: line.tax_rate_id }, `lines[${index}]`);
    if (isProblem(resolved)) return void problems.push(resolved);
    return { id: resolved.rate.id, carried: resolved.carried, selfAssessed: resolved.selfAssessed };
  });
  if (problems.length > 0) throw new RuleViolation(problems);
  return { rates, named: book.named() };
}

/**
 * A journal whose lines name tax rates books their tax itself: a line of its own on tax payable or receivable
 * would be tax the return cannot place (a payment to the tax authority is a journal of its own).
 */
function taxAccountProblem(businessId: Id, lines: JournalCreateInput['lines'], index: number): FieldProblem | null {
  const taxAccounts = [systemAccountId(businessId, 'tax_payable'), systemAccountId(businessId, 'tax_receivable')];
  const line = lines[index]!;
  if (!taxAccounts.includes(line.account_id)) return null;
  if (line.tax_rate_id) return { field: `lines[${index}].tax_rate_id`, message: 'names a tax rate on a tax account: name it on the net line, and the journal books its tax' };
  if (lines.some((other) => other.tax_rate_id)) return { field: `lines[${index}].account_id`, message: 'is a tax account in a journal whose lines name tax rates: their tax is booked for them (post other tax in a journal of its own)' };
  return null;
}

/** A journal's per-rate tax figures in the home currency, as its entry books them. */
export function journalTaxDeltas(businessId: Id, journal: ManualJournalRecord, homeCurrency: string) {
  if (!journal.lines.some((line) => line.tax_rate_id)) return {};
  const entry = journalEntryLines(businessId, journal.lines);
  const booked = inHomeCurrency(entry.lines, { currency: journal.currency, exchange_rate: journal.exchange_rate ?? HOME_RATE }, homeCurrency, systemAccountId(businessId, 'realized_fx')) ?? [];
  return markedTaxDeltas(booked, entry.marks);
}

export async function getJournal(businessId: Id, id: Id): Promise<ManualJournalResource> {
  const stored = await manualJournalStore.get(businessId, id);
  if (!stored) throw new NotFound('journal');
  return toManualJournalResource(stored.record);
}

export async function listJournals(businessId: Id, page: PageRequest, dates: { from?: string | undefined; to?: string | undefined }): Promise<Page<ManualJournalResource>> {
  const result = await manualJournalStore.page(businessId, page, undefined, dates);
  return { ...result, items: result.items.map(toManualJournalResource) };
}

/** Voids a manual journal: its entry reversed on the void date, its voided event; refused when its date is locked. */
export async function voidJournal(businessId: Id, id: Id, input?: VoidInput): Promise<ManualJournalResource> {
  const posted = await post({
    businessId,
    reads: [manualJournalStore.keyOf(businessId, id)],
    decide: async ({ read, home, now }) => {
      const stored = manualJournalStore.fromItem(read(manualJournalStore.keyOf(businessId, id)));
      if (!stored) throw new NotFound('journal');
      const journal = stored.record;
      if (journal.voided_at) throw new StateConflict('This journal is already voided.');
      const voidDate = voidDateOf(journal.date, input);
      const reversal = await reversalOfStored(businessId, journal.journal_entry_id, journal.no, voidDate, home.currency);
      const voided: ManualJournalRecord = { ...journal, voided_at: now, void_date: voidDate, updated_at: now };
      const resource = toManualJournalResource(voided);
      return {
        guards: [{ field: 'date', date: journal.date }],
        records: (tx) => {
          manualJournalStore.addReplace(tx, businessId, voided, stored.version);
          addTaxFigures(tx, businessId, voidDate, journalTaxDeltas(businessId, journal, home.currency), -1);
        },
        entries: [reversal],
        events: [event('journal.voided', resource)],
        audit: changedAction('voided', 'journal', toManualJournalResource(journal), resource),
        result: resource,
      };
    },
  });
  return posted.result;
}
