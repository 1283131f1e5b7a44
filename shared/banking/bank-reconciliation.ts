/**
 * Bank reconciliation's rules, pure: the life of a bank-feed line, which postings a line may be matched to and
 * whether they add up to it, and the entry a categorized line posts. The use cases in `shared/banking` read the
 * records and apply these.
 */
import type { FieldProblem } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { inclusiveTax, systemAccountId, withTracking } from '../ledger/index.ts';
import type { JournalLine, TrackingRef } from '../ledger/index.ts';

export const LINE_STATUSES = ['unmatched', 'matched', 'categorized', 'excluded'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/** What a line is linked to: a posting it was matched to, or the bank transaction it posted itself as. */
export const MATCH_TYPES = ['receipt', 'payment', 'cash_sale', 'expense', 'journal', 'transfer', 'bank_transaction'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export interface LineMatch {
  readonly type: MatchType;
  /** The posting's own resource (the receipt, the journal, the transfer). */
  readonly id: Id;
  readonly no: string | null;
  readonly journal_entry_id: Id;
  /** A bank transaction's tracking options (absent: unassigned), so the categorized line shows them without reading it. */
  readonly tracking?: readonly TrackingRef[];
}

/** Only an unmatched line may be matched, categorized or excluded; `undo` needs one that is not. The refusal, or null. */
export function transitionProblem(status: LineStatus, action: 'match' | 'categorize' | 'exclude' | 'undo'): string | null {
  if (action === 'undo') return status === 'unmatched' ? 'This line is unmatched: there is nothing to undo.' : null;
  return status === 'unmatched' ? null : `This line is ${status}; undo it first to ${action} it.`;
}

/** The journal entry types a line may be matched to, by what they are shown as; the others are no posting of a line's. */
const MATCHABLE: Readonly<Record<string, MatchType>> = { receipt: 'receipt', payment: 'payment', cash_sale: 'cash_sale', expense: 'expense', manual_journal: 'journal', transfer: 'transfer' };

export function matchTypeOf(documentType: string): MatchType | undefined {
  return MATCHABLE[documentType];
}

/** What the match rules need of a journal entry. */
export interface MatchableEntry {
  readonly id: Id;
  readonly document_type: string;
  readonly currency: string;
  readonly lines: readonly JournalLine[];
  readonly reverses: Id | null;
  /** The bank-feed line each cash-flow account of the entry is matched to. */
  readonly bank_lines?: Readonly<Record<Id, Id>>;
  /** The entry that reversed it (a void), when it was reversed. */
  readonly reversed_by?: Id;
}

/** The entry's net on one account, in the entry's currency: money in is positive, as on a bank line. */
export function netOnAccount(entry: Pick<MatchableEntry, 'lines'>, accountId: Id): number {
  return entry.lines.reduce((sum, line) => (line.account_id === accountId ? sum + line.debit - line.credit : sum), 0);
}

/**
 * Why an entry cannot be matched to a line of `accountId` in `currency` (the problem names `field`), or null.
 * `reversed` tells whether a void took it back (the entry's own mark, or, for entries reversed before marks, the
 * reversal found beside it).
 */
export function matchProblem(entry: MatchableEntry | undefined, line: { readonly account_id: Id; readonly currency: string }, reversed: boolean, field: string): FieldProblem | null {
  if (!entry) return { field, message: 'does not exist' };
  if (entry.reverses !== null || reversed) return { field, message: 'is voided (reversed)' };
  if (!matchTypeOf(entry.document_type)) return { field, message: `is a ${entry.document_type.replaceAll('_', ' ')} posting, which no bank line is matched to` };
  if (!entry.lines.some((posted) => posted.account_id === line.account_id)) return { field, message: "does not post to this line's account" };
  if (entry.currency !== line.currency) return { field, message: `is in ${entry.currency}, not the account's ${line.currency}` };
  return null;
}

/** Business dates from `from` up to the day before `until` (open when null). */
export interface DateSpan {
  readonly from: string;
  readonly until: string | null;
}

/**
 * When a posting on a cash-flow account counts as unmatched, and when a line matched to it counts as unmatched for
 * its part, so that at every date the feed less the books is the unmatched lines less the unmatched postings:
 * a posting from its date until the earlier of its void's date and its line's date when that is later (a voided
 * posting and its reversal net to nothing from the void on); a line matched to a later posting until that
 * posting's date. Null where never (a posting matched to a line of its own date or earlier counts as matched from
 * its own date).
 */
export function unmatchedSpans(posting: { readonly date: string; readonly voidedOn?: string | undefined; readonly lineDate?: string | undefined }): { readonly posting: DateSpan | null; readonly line: DateSpan | null } {
  const { date, voidedOn, lineDate } = posting;
  const ends = [...(voidedOn === undefined ? [] : [voidedOn]), ...(lineDate === undefined ? [] : [lineDate > date ? lineDate : date])].sort();
  const until = ends[0] ?? null;
  return {
    posting: until === null || until > date ? { from: date, until } : null,
    line: lineDate !== undefined && lineDate < date ? { from: lineDate, until: date } : null,
  };
}

/** The postings' net on the account must be the line's amount: the problem, or null. */
export function matchedTotalProblem(nets: readonly number[], lineAmount: number, field: string, major: (minor: number) => string): FieldProblem | null {
  const total = nets.reduce((sum, net) => sum + net, 0);
  return total === lineAmount ? null : { field, message: `add up to ${major(total)} on this account, not the line's ${major(lineAmount)}` };
}

/**
 * A categorized line's entry: the bank account against `accountId` for the whole amount, the tax inside it (at
 * `taxRate` percent) split to tax payable (money in) or tax receivable (money out). Money out at a reverse-charge
 * rate carries no tax; the tax it self-assesses (`selfAssessed`, minor units) is booked to both tax accounts.
 */
export function categorizedLines(businessId: Id, bankAccountId: Id, accountId: Id, amount: number, taxRate: number, selfAssessed = 0, tracking?: readonly TrackingRef[]): JournalLine[] {
  const gross = Math.abs(amount);
  const tax = taxRate === 0 ? 0 : inclusiveTax(gross, taxRate);
  const line = (account_id: Id, debit: number, credit: number): JournalLine => ({ account_id, debit, credit });
  // Only the line against the chosen account carries the tracking: the bank and tax lines belong to no department.
  const categorized = (debit: number, credit: number): JournalLine => ({ ...line(accountId, debit, credit), ...withTracking(tracking) });
  const lines =
    amount > 0
      ? [line(bankAccountId, gross, 0), categorized(0, gross - tax), line(systemAccountId(businessId, 'tax_payable'), 0, tax)]
      : [categorized(gross - tax, 0), line(systemAccountId(businessId, 'tax_receivable'), tax, 0), line(bankAccountId, 0, gross)];
  const selfAssessedPair = amount < 0 ? [line(systemAccountId(businessId, 'tax_receivable'), selfAssessed, 0), line(systemAccountId(businessId, 'tax_payable'), 0, selfAssessed)] : [];
  return [...lines, ...selfAssessedPair].filter((entry) => entry.debit !== 0 || entry.credit !== 0);
}

/** A transfer's entry: into one cash-flow account, out of the other, for the same amount in their one currency. */
export function transferLines(fromAccountId: Id, toAccountId: Id, amount: number): JournalLine[] {
  return [
    { account_id: toAccountId, debit: amount, credit: 0 },
    { account_id: fromAccountId, debit: 0, credit: amount },
  ];
}
