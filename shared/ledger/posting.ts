/**
 * The one posting path: every posting (a document, a void, a credit allocation, a receipt or payment, a manual
 * journal, a bank account's opening balance) is produced here. A kind of posting says only what it reads and, from
 * that read, what it is (`decide`: its records, journal entries, events, answer and the dates it books on); the
 * producer applies the rules every posting shares in one place: one read round trip, the lock date, the number
 * series, the journal entries with their period totals and balances, the outbox, the Idempotency-Key and one
 * TransactWriteItems, retried from a fresh read when it loses a race. See docs/posting-path.md.
 */
import type { EventName } from '../../events/catalogue.ts';
import { businessKey, sequenceKey, seriesTicketsKey, type Key, type RecordKind } from '../platform/db/keys.ts';
import { ledgerRulesKey } from './rules.ts';
import { recentRatesKey } from './exchange-rates.ts';
import { idempotency } from '../platform/db/idempotency.ts';
import { batchGet, type Item } from '../platform/db/query.ts';
import { postInTurn, type SeriesTurn } from '../platform/db/series-turn.ts';
import { retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { firstLockedGuard, ledgerRulesOf, type LedgerRules, type PostingGuard } from './lock-date.ts';
import { PeriodLocked, RuleViolation } from '../platform/core/errors.ts';
import { HOME_RATE, parseRate, type Rate } from './exchange.ts';
import { inHomeCurrency } from './home-amounts.ts';
import { systemAccountId } from './ledger-rules.ts';
import type { Id } from '../platform/core/ids.ts';
import { emit, type PayloadOf } from '../platform/outbox/emit.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import type { AuditAction } from '../platform/trail/entry.ts';
import { addJournalEntry, addReversedMark, type JournalEntryDraft } from './journal.ts';
import { businessRateOn, recentRatesOf, type RecentRates } from './exchange-rates.ts';

export type { PostingGuard } from './lock-date.ts';

/** An event a posting writes to the outbox, typed by its name when it is made (`event(...)`). */
export interface PostingEvent {
  readonly write: (tx: WriteTransaction, businessId: Id) => void;
}

export function event<const N extends EventName>(name: N, data: PayloadOf<N>): PostingEvent {
  return { write: (tx, businessId) => void emit(tx, businessId, name, data) };
}

/** What one posting is, decided on its read. */
export interface Posting<R> {
  /**
   * The business dates this posting books on or reverses, each with the request field (or the original's field)
   * that named it: none may be on or before the lock date. Every journal entry's own date is checked too.
   */
  readonly guards: readonly PostingGuard[];
  /** Its records: the document, its new state, the targets it settles; added to the posting's transaction. */
  readonly records: (tx: WriteTransaction) => void;
  /** Its journal entries (new ones, or reversals), each balanced; their period totals move with them. */
  readonly entries: readonly JournalEntryDraft[];
  readonly events: readonly PostingEvent[];
  /** Its audit entry (one per posting, naming the records it settled or reopened), written in its transaction. */
  readonly audit: AuditAction;
  /** The answer; with an Idempotency-Key, what a repeat replays. */
  readonly result: R;
}

export interface PostingRead {
  /** Every key the plan asked for, read in the producer's one BatchGetItem. */
  readonly read: (key: Key) => Item | undefined;
  /** The number this posting takes in its series, when it is numbered. */
  readonly number: number | undefined;
  readonly rules: LedgerRules;
  readonly home: HomeCurrency;
  /** How the business rounds a document's tax: per tax rate over the document (the default), or per line. */
  readonly taxRounding: 'rate' | 'line';
  /** The business's payment terms in days (null: none), for a document created without a due date. */
  readonly paymentTermsDays: number | null;
  readonly now: string;
}

/** The business's home currency, and the rate a posting in another currency is booked at. */
export interface HomeCurrency {
  readonly currency: string;
  /**
   * The rate of a posting in `currency` dated `date`: the request's (`requested`, checked), else the business's
   * latest on or before the date (found in the recent rates read with the posting, or by one query for an older
   * date); 1 in the home currency. A 400 naming `field` when none is known or the request's is not a rate.
   */
  readonly rate: (currency: string, date: string, requested: number | undefined, field?: string) => Promise<Rate>;
  /** `rate`, or undefined where it would be refused for want of a known rate (a document that posts nothing). */
  readonly knownRate: (currency: string, date: string, requested: number | undefined, field?: string) => Promise<Rate | undefined>;
}

function homeCurrencyOf(businessId: Id, currency: string, recent: RecentRates): HomeCurrency {
  const resolve = async (of: string, date: string, requested: number | undefined, field: string): Promise<Rate | undefined> => {
    if (of === currency) {
      if (requested !== undefined && requested !== 1) throw RuleViolation.of(field, `must be 1 (or left out) for the home currency ${currency}`);
      return HOME_RATE;
    }
    if (requested === undefined) return businessRateOn(businessId, recent, of, date);
    const parsed = parseRate(requested);
    if ('problem' in parsed) throw RuleViolation.of(field, parsed.problem);
    return parsed.rate;
  };
  return {
    currency,
    rate: async (of, date, requested, field = 'exchange_rate') => {
      const known = await resolve(of, date, requested, field);
      if (!known) throw RuleViolation.of(field, `is required: no ${of} rate is recorded on or before ${date} (send one, or record it at POST /exchange-rates)`);
      return known;
    },
    knownRate: (of, date, requested, field = 'exchange_rate') => resolve(of, date, requested, field),
  };
}

export interface PostingPlan<R> {
  readonly businessId: Id;
  /** A gapless number series this posting takes the next number of (`MONEY`/`receipt` → RCT-00042). */
  readonly series?: { readonly kind: RecordKind; readonly name: string };
  /** The request's Idempotency-Key, scoped to its route, and the body it was sent with. */
  readonly idempotency?: { readonly scope: { readonly route: string; readonly key: string } | undefined; readonly body: unknown };
  /** The records the decision needs, read with the producer's own (the series, the ledger's rules, the key). */
  readonly reads: readonly Key[];
  /**
   * Decides the posting from what was read, or refuses it (a rule's 4xx). It may read more itself (a void reads
   * the entry it reverses): such reads come after the ledger's rules were read, so a rule that changes meanwhile
   * (an account archived) fails the posting's transaction and it is decided again.
   */
  readonly decide: (read: PostingRead) => Posting<R> | Promise<Posting<R>>;
}

export interface Posted<R> {
  readonly result: R;
  /** The answer was replayed from an earlier request with the same Idempotency-Key. */
  readonly replayed: boolean;
}

/**
 * Produces one posting. One read round trip (BatchGetItem: the ledger's rules, the number series, the plan's
 * records, the idempotency record), the plan's decision, and one write (TransactWriteItems: the next number, the
 * records, the journal entries and their period totals, the events, the idempotency record, and a check that the
 * ledger's rules are still the version the decision was made under). A lost race decides again from a fresh read.
 */
export async function post<R>(plan: PostingPlan<R>): Promise<Posted<R>> {
  const once = idempotency(plan.businessId, plan.idempotency?.scope, plan.idempotency?.body ?? null);
  const attempt = (turn: SeriesTurn | undefined) => postOnce(plan, once, turn);
  const series = plan.series;
  if (!series) return retryOnConflict(() => attempt(undefined));
  const keys = { series: sequenceKey(plan.businessId, series.kind, series.name), tickets: seriesTicketsKey(plan.businessId, series.kind, series.name) };
  return postInTurn(keys, `SEQ:${series.name}`, attempt);
}

/**
 * The entry with every line's home amounts: converted at its rate where the posting did not state them, and any
 * difference booked to realized currency gains and losses. A rate that takes an amount past what is held exactly
 * is refused.
 */
function bookedInHome(businessId: Id, entry: JournalEntryDraft, homeCurrency: string): JournalEntryDraft {
  if (entry.currency === homeCurrency && entry.exchange_rate !== HOME_RATE) throw new Error(`A ${homeCurrency} entry of ${entry.document_type} ${entry.document_id} has rate ${entry.exchange_rate}`);
  const lines = inHomeCurrency(entry.lines, entry, homeCurrency, systemAccountId(businessId, 'realized_fx'));
  if (!lines) throw RuleViolation.of('exchange_rate', `converts an amount past what ${homeCurrency} amounts may hold`);
  return { ...entry, lines };
}

async function postOnce<R>(plan: PostingPlan<R>, once: ReturnType<typeof idempotency>, turn: SeriesTurn | undefined): Promise<Posted<R>> {
  const rulesKey = ledgerRulesKey(plan.businessId);
  const business = businessKey(plan.businessId);
  const ratesKey = recentRatesKey(plan.businessId);
  const read = await batchGet([rulesKey, business, ratesKey, ...(turn?.readKeys ?? []), ...plan.reads, ...(once.key ? [once.key] : [])]);
  const replayed = once.replay<R>(read);
  if (replayed !== undefined) return { result: replayed, replayed: true };
  const rules = ledgerRulesOf(read(rulesKey));
  const home = homeCurrencyOf(plan.businessId, String(read(business)?.currency), recentRatesOf(read(ratesKey)));
  const last = turn?.lastOf(read);
  const taxRounding = read(business)?.tax_rounding === 'line' ? 'line' : 'rate';
  const terms = read(business)?.payment_terms_days;
  const posting = await plan.decide({ read, number: last === undefined ? undefined : last + 1, rules, home, taxRounding, paymentTermsDays: typeof terms === 'number' ? terms : null, now: new Date().toISOString() });

  const locked = firstLockedGuard(rules.lockDate, [...posting.guards, ...posting.entries.map((entry) => ({ field: posting.guards[0]?.field ?? 'date', date: entry.date }))]);
  if (locked) throw new PeriodLocked(locked.field, rules.lockDate!);

  const tx = new WriteTransaction();
  if (turn && last !== undefined) turn.addNext(tx, last);
  posting.records(tx);
  for (const entry of posting.entries) {
    const booked = addJournalEntry(tx, plan.businessId, bookedInHome(plan.businessId, entry, home.currency), home.currency);
    if (booked.reverses) addReversedMark(tx, plan.businessId, booked.reverses, booked);
  }
  for (const written of posting.events) written.write(tx, plan.businessId);
  addAuditEntry(tx, plan.businessId, posting.audit);
  // The decision holds only under the rules it read: a lock date moved or an account archived since fails this.
  tx.check('LEDGER:rules', rulesKey, rules.version === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: 'version = :rules', values: { ':rules': rules.version } });
  once.record(tx, posting.result);
  await once.commit(tx);
  return { result: posting.result, replayed: false };
}
