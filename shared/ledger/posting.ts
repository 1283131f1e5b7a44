/**
 * The one posting path: every posting (a document, a void, a credit allocation, a receipt or payment, a manual
 * journal, a bank account's opening balance) is produced here. A kind of posting says only what it reads and, from
 * that read, what it is (`decide`: its records, journal entries, events, answer and the dates it books on); the
 * producer applies the rules every posting shares in one place: one read round trip, the lock date, the number
 * series, the journal entries with their period totals and balances, the outbox, the Idempotency-Key and one
 * TransactWriteItems, retried from a fresh read when it loses a race. See docs/posting-path.md.
 */
import type { EventName } from '../../events/catalogue.ts';
import { ledgerRulesKey, sequenceKey, seriesTicketsKey, type Key, type RecordKind } from '../db/keys.ts';
import { idempotency } from '../db/idempotency.ts';
import { batchGet, type Item } from '../db/query.ts';
import { postInTurn, type SeriesTurn } from '../db/series-turn.ts';
import { retryOnConflict, WriteTransaction } from '../db/transaction.ts';
import { firstLockedGuard, ledgerRulesOf, type LedgerRules, type PostingGuard } from '../domain/lock-date.ts';
import { PeriodLocked } from '../domain/errors.ts';
import type { Id } from '../domain/ids.ts';
import { emit } from '../events/emit.ts';
import type { PayloadOf } from '../events/payloads.ts';
import { addJournalEntry, type JournalEntryDraft } from './journal.ts';

export type { PostingGuard } from '../domain/lock-date.ts';

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
  /** The answer; with an Idempotency-Key, what a repeat replays. */
  readonly result: R;
}

export interface PostingRead {
  /** Every key the plan asked for, read in the producer's one BatchGetItem. */
  readonly read: (key: Key) => Item | undefined;
  /** The number this posting takes in its series, when it is numbered. */
  readonly number: number | undefined;
  readonly rules: LedgerRules;
  readonly now: string;
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

async function postOnce<R>(plan: PostingPlan<R>, once: ReturnType<typeof idempotency>, turn: SeriesTurn | undefined): Promise<Posted<R>> {
  const rulesKey = ledgerRulesKey(plan.businessId);
  const read = await batchGet([rulesKey, ...(turn?.readKeys ?? []), ...plan.reads, ...(once.key ? [once.key] : [])]);
  const replayed = once.replay<R>(read);
  if (replayed !== undefined) return { result: replayed, replayed: true };
  const rules = ledgerRulesOf(read(rulesKey));
  const last = turn?.lastOf(read);
  const posting = await plan.decide({ read, number: last === undefined ? undefined : last + 1, rules, now: new Date().toISOString() });

  const locked = firstLockedGuard(rules.lockDate, [...posting.guards, ...posting.entries.map((entry) => ({ field: posting.guards[0]?.field ?? 'date', date: entry.date }))]);
  if (locked) throw new PeriodLocked(locked.field, rules.lockDate!);

  const tx = new WriteTransaction();
  if (turn && last !== undefined) turn.addNext(tx, last);
  posting.records(tx);
  for (const entry of posting.entries) addJournalEntry(tx, plan.businessId, entry);
  for (const written of posting.events) written.write(tx, plan.businessId);
  // The decision holds only under the rules it read: a lock date moved or an account archived since fails this.
  tx.check('LEDGER:rules', rulesKey, rules.version === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: 'version = :rules', values: { ':rules': rules.version } });
  once.record(tx, posting.result);
  await once.commit(tx);
  return { result: posting.result, replayed: false };
}
