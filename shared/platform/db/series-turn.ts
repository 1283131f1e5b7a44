import { ConditionalCheckFailedException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conflictDelayMs } from './conflict-retry.ts';
import { METRIC } from '../observability/metric-names.ts';
import { QUEUE_MEMORY_MS, SERVED_MEMORY_MS, nextTurnPace, queueIsEmpty, turnAction, turnEstimateMs, type SeriesQueue, type TurnClock } from './series-queue.ts';
import { db, tableName } from './client.ts';
import type { Key } from './keys.ts';
import { batchGet, getItem, type Item } from './query.ts';
import { count } from '../observability/telemetry.ts';
import { MAX_ATTEMPTS, TransactionConflict, type WriteTransaction } from './transaction.ts';

/**
 * Postings that take the next number of a series, in turns when they contend (the rule and its reasons are in
 * `shared/platform/db/series-queue.ts`). `served` sits on the series item beside `last`, which every numbered posting
 * already writes, with when it moved (`served_at`) and the series' pace (`turn_ms`) for waiters to time their looks
 * by, so a posting in turn adds no item to its transaction; `tickets` sits on an item of its own
 * that no transaction writes, so taking a ticket never collides with the turn being committed.
 */

export interface SeriesKeys {
  /** The series item: `last` and `served`. */
  readonly series: Key;
  /** The queue's tickets. */
  readonly tickets: Key;
}

type Read = (key: Key) => Item | undefined;

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * `served` as read off the series item, with when it moved there (`served_at`, stamped by its mover) and the
 * series' pace (`turn_ms`), where stamped.
 */
interface ServedRead {
  readonly served: number;
  readonly movedAt?: number;
  readonly turnMs?: number;
}

const stampOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

function servedRead(series: Item | undefined): ServedRead {
  return { served: numberOf(series?.served), movedAt: stampOf(series?.served_at), turnMs: stampOf(series?.turn_ms) };
}

const itemId = (key: Key) => `${key.pk}\u0000${key.sk}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The attempt's read found that it is not this posting's turn: a queue to join, or a turn not yet come. */
class NotThisTurn extends Error {
  constructor(readonly seen: ServedRead) {
    super('Not this posting’s turn in its number series');
  }
}

/** One attempt's view of its series: the last number, if it is this attempt's turn, and the write of the next. */
export class SeriesTurn {
  private numbered = false;
  private confirmed = false;
  /** `served` as this attempt's read found it, for the pace its commit stamps. */
  private found: ServedRead = { served: 0 };
  private stamp: ServedRead | undefined;

  constructor(
    private readonly keys: SeriesKeys,
    private readonly label: string,
    private readonly ticket: number | undefined,
  ) {}

  /** What the attempt reads, with the rest of its reads in one round trip, to learn the last number and the queue. */
  get readKeys(): readonly Key[] {
    return [this.keys.series, this.keys.tickets];
  }

  /** Whether this attempt wrote a number, so that its transaction (committed) ends its turn. */
  get wroteNumber(): boolean {
    return this.numbered;
  }

  /** What this attempt's transaction (committed) leaves on the series item for waiters, if it ends a turn. */
  get stamped(): ServedRead | undefined {
    return this.stamp;
  }

  /** Whether this attempt's read found that its ticket's turn had come. */
  get turnConfirmed(): boolean {
    return this.confirmed;
  }

  /** Reads the series on its own (for attempts that read nothing else with it). */
  async readLast(): Promise<number> {
    return this.lastOf(await batchGet(this.readKeys));
  }

  /** The series' last number, from what this attempt read, if it is this attempt's turn to post. */
  lastOf(read: Read): number {
    const series = read(this.keys.series);
    const seen = servedRead(series);
    const queue: SeriesQueue = { tickets: numberOf(read(this.keys.tickets)?.tickets), served: seen.served };
    const mine = this.ticket === undefined ? queueIsEmpty(queue) : queue.served === this.ticket - 1;
    if (!mine) throw new NotThisTurn(seen);
    this.confirmed = true;
    this.found = seen;
    return numberOf(series?.last);
  }

  /**
   * Writes `last + 1` as the series' last number, on the condition that it is still `last`; in a turn, also on
   * the condition that the turn is still this ticket's, which the write then ends, stamped with its time.
   */
  addNext(tx: WriteTransaction, last: number): number {
    this.numbered = true;
    const next = last + 1;
    const names: Record<string, string> = { '#last': 'last', '#entity': 'entity' };
    const values: Record<string, unknown> = { ':next': next, ':entity': 'SEQ' };
    const conditions = [last === 0 ? 'attribute_not_exists(#last)' : '#last = :read'];
    if (last !== 0) values[':read'] = last;
    let expression = 'SET #last = :next, #entity = :entity';
    if (this.ticket !== undefined) {
      const now = Date.now();
      const pace = nextTurnPace(this.found, now);
      const move = moveServed(this.ticket, now, pace);
      Object.assign(names, move.names);
      Object.assign(values, move.values);
      expression += `, ${move.set}`;
      this.stamp = { served: this.ticket, movedAt: now, turnMs: pace };
      conditions.push(servedCondition(this.ticket, values));
    }
    tx.update(this.label, this.keys.series, { expression, names, values }, { expression: conditions.join(' AND ') });
    return next;
  }
}

/**
 * The SET that moves `served` to `ticket`, stamped with the time of the move and, where known, the series' pace, so
 * that waiters can time their looks from them. A posting's transaction and `endTurn` both move it through this.
 */
function moveServed(ticket: number, now: number, pace?: number): { set: string; names: Record<string, string>; values: Record<string, unknown> } {
  const set = '#served = :ticket, #servedAt = :now';
  const names: Record<string, string> = { '#served': 'served', '#servedAt': 'served_at' };
  const values: Record<string, unknown> = { ':ticket': ticket, ':now': now };
  if (pace === undefined) return { set, names, values };
  return { set: `${set}, #turnMs = :turnMs`, names: { ...names, '#turnMs': 'turn_ms' }, values: { ...values, ':turnMs': pace } };
}

/** `served` is the ticket before `ticket` (absent before the first), with that value added to `values`. */
function servedCondition(ticket: number, values: Record<string, unknown>): string {
  if (ticket === 1) return 'attribute_not_exists(#served)';
  values[':before'] = ticket - 1;
  return '#served = :before';
}

/**
 * Sends one write outside a transaction. On AWS a plain write to an item that a transaction holds is refused with
 * TransactionConflictException (which the SDK does not retry), so it waits about one transaction and tries again.
 */
async function writeOutsideTransactions<T>(write: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof TransactionConflictException) || tries >= MAX_ATTEMPTS) throw error;
      await sleep(conflictDelayMs(tries, false));
    }
  }
}

/**
 * What this instance last learned of each series: when it found it queued (while that is recent, it queues without
 * trying first), and the latest `served` it knows with when it learned it (a read, or its own turn's commit).
 */
interface Remembered {
  queuedAt: number;
  served: ServedRead;
  servedAt: number;
}
const memory = new Map<string, Remembered>();

/** Notes what was learned of a series; what is older than the memory is forgotten, so a long-lived process keeps only the recent few. */
function remember(series: string, now: number, learned: { readonly queued?: true; readonly served?: ServedRead }): void {
  if (memory.size >= 100 && !memory.has(series)) for (const [id, entry] of memory) if (now - Math.max(entry.queuedAt, entry.servedAt) >= QUEUE_MEMORY_MS) memory.delete(id);
  const entry = memory.get(series) ?? { queuedAt: -Infinity, served: { served: 0 }, servedAt: -Infinity };
  if (learned.queued) entry.queuedAt = now;
  if (learned.served !== undefined && learned.served.served >= entry.served.served) {
    entry.served = learned.served;
    entry.servedAt = now;
  }
  memory.set(series, entry);
}

function recentlyQueued(series: string, now: number): boolean {
  return now - (memory.get(series)?.queuedAt ?? -Infinity) < QUEUE_MEMORY_MS;
}

/** `served` as this instance learned it within `SERVED_MEMORY_MS`, if it did. */
function recentlyServed(series: string, now: number): ServedRead | undefined {
  const entry = memory.get(series);
  return entry && now - entry.servedAt < SERVED_MEMORY_MS ? entry.served : undefined;
}

async function servedOf(keys: SeriesKeys): Promise<ServedRead> {
  const read = servedRead(await getItem(keys.series));
  remember(itemId(keys.series), Date.now(), { served: read });
  return read;
}

interface Held {
  readonly ticket: number;
  /** `served` as last read (or known). */
  readonly seen: ServedRead;
}

/**
 * Takes the next ticket, reading `served` beside it unless the caller has just read it or this instance learned it
 * moments ago (`SERVED_MEMORY_MS`), as an instance does that has just committed its own turn (`served` is then its
 * own ticket).
 */
async function takeTicket(keys: SeriesKeys, seen?: ServedRead): Promise<Held> {
  const series = itemId(keys.series);
  const now = Date.now();
  remember(series, now, { queued: true });
  const known = seen ?? recentlyServed(series, now);
  const [result, read] = await Promise.all([
    db().send(new UpdateCommand({ TableName: tableName(), Key: keys.tickets, UpdateExpression: 'ADD #tickets :one', ExpressionAttributeNames: { '#tickets': 'tickets' }, ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW' })),
    known ?? servedOf(keys),
  ]);
  return { ticket: numberOf(result.Attributes?.tickets), seen: read };
}

/** Ends `ticket`'s turn without a number (a refusal, a replay, a holder given up for gone); a no-op once ended. */
async function endTurn(keys: SeriesKeys, ticket: number): Promise<void> {
  const move = moveServed(ticket, Date.now());
  const condition = servedCondition(ticket, move.values);
  try {
    await writeOutsideTransactions(() =>
      db().send(new UpdateCommand({ TableName: tableName(), Key: keys.series, UpdateExpression: `SET ${move.set}`, ConditionExpression: condition, ExpressionAttributeNames: move.names, ExpressionAttributeValues: move.values })),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** What a waiter has seen of its queue's progress since it took its ticket. */
interface Watch {
  readonly from: number;
  readonly servedAtStart: number;
  readonly movedAtStart: number;
  served: number;
  /** Since when `served` has stood where it is, on this waiter's clock: the stall watch. */
  stillSince: number;
  /** When `served` moved to where it is, by its mover's stamp (no later than this waiter saw it). */
  movedAt: number;
  /** The series' pace as last read, where it carries one. */
  turnMs?: number;
}

/** A move's time: its stamp, or when this waiter saw it where there is none; never later than it was seen. */
const movedAtOf = (seen: ServedRead, now: number) => Math.min(seen.movedAt ?? now, now);

function watchOf(held: Held): Watch {
  const now = Date.now();
  const movedAt = movedAtOf(held.seen, now);
  return { from: now, servedAtStart: held.seen.served, movedAtStart: movedAt, served: held.seen.served, stillSince: now, movedAt, turnMs: held.seen.turnMs };
}

const queuedWith = (held: Held) => ({ held, watch: watchOf(held) });

function observe(watch: Watch, seen: ServedRead): void {
  if (seen.turnMs !== undefined) watch.turnMs = seen.turnMs;
  if (seen.served === watch.served) return;
  const now = Date.now();
  watch.served = seen.served;
  watch.stillSince = now;
  watch.movedAt = Math.max(watch.movedAt, movedAtOf(seen, now));
}

/** What a waiter knows of `served`, to start its next ticket's watch from when its turn was passed on. */
const seenBy = (watch: Watch): ServedRead => ({ served: watch.served, movedAt: watch.movedAt, turnMs: watch.turnMs });

function clockOf(watch: Watch, now: number): TurnClock {
  return {
    stillForMs: now - watch.stillSince,
    sinceMovedMs: now - watch.movedAt,
    turnMs: watch.turnMs ?? turnEstimateMs(watch.served - watch.servedAtStart, watch.movedAt - watch.movedAtStart, now - watch.from),
  };
}

/**
 * Waits until `ticket`'s turn has come ('post') or has been passed on ('requeue'), reading `served` off the series
 * item. With `lookByAttempt`, the next in line stops waiting as soon as its predecessor's turn is due ('look'): its
 * attempt's own read, which holds the series item, is then the look, so that when the turn has come it goes
 * straight to its transaction instead of first spending a read that the series stands idle for.
 */
async function awaitTurn(keys: SeriesKeys, ticket: number, watch: Watch, lookByAttempt: boolean): Promise<'post' | 'requeue' | 'look'> {
  for (;;) {
    const now = Date.now();
    const action = turnAction(ticket, { tickets: ticket, served: watch.served }, clockOf(watch, now));
    if (action.kind === 'post' || action.kind === 'requeue') return action.kind;
    if (action.kind === 'pass-on') {
      await endTurn(keys, action.stuck);
      watch.stillSince = Date.now();
    } else {
      await sleep(action.ms);
      if (lookByAttempt && watch.served === ticket - 2) return 'look';
    }
    observe(watch, await servedOf(keys));
  }
}

/**
 * Ends the turn of a ticket whose attempt ended without a number. An attempt that ended before its read confirmed
 * the turn (a replay, found before the series is looked at, or an error) waits for its turn first: a ticket is
 * ended in order, or the queue would stand until a waiter took it for stalled.
 */
async function endOwnTurn(keys: SeriesKeys, ticket: number, watch: Watch, confirmed: boolean): Promise<void> {
  if (!confirmed && (await awaitTurn(keys, ticket, watch, false)) === 'requeue') return;
  await endTurn(keys, ticket);
}

/**
 * Runs a numbered posting until its transaction commits: first straight away, and in the series' queue once it
 * has lost the number to another posting or found others waiting (unless this instance saw the queue within
 * the last second, when it queues at once). Each attempt reads afresh and decides again; an attempt that ends
 * without writing a number (a refusal, a replay) ends its turn so that the next can post.
 */
export async function postInTurn<T>(keys: SeriesKeys, label: string, attempt: (turn: SeriesTurn) => Promise<T>): Promise<T> {
  let queued = recentlyQueued(itemId(keys.series), Date.now()) ? queuedWith(await takeTicket(keys)) : undefined;
  let losses = 0;
  for (;;) {
    if (queued && (await awaitTurn(keys, queued.held.ticket, queued.watch, true)) === 'requeue') {
      queued = queuedWith(await takeTicket(keys, seenBy(queued.watch)));
      continue;
    }
    const turn = new SeriesTurn(keys, label, queued?.held.ticket);
    try {
      const result = await attempt(turn);
      // A committed turn leaves `served` at its own ticket: the instance's next ticket starts from it, unread.
      if (queued && turn.stamped) remember(itemId(keys.series), Date.now(), { served: turn.stamped });
      if (queued && !turn.wroteNumber) await endOwnTurn(keys, queued.held.ticket, queued.watch, turn.turnConfirmed);
      return result;
    } catch (error) {
      if (error instanceof NotThisTurn) {
        // A look before the turn had come (the next in line reads through its attempt), or a queue met on the way.
        if (queued && error.seen.served < queued.held.ticket) observe(queued.watch, error.seen);
        else queued = queuedWith(await takeTicket(keys, error.seen));
        continue;
      }
      losses++;
      if (!(error instanceof TransactionConflict) || losses >= MAX_ATTEMPTS) {
        // The posting's own error is the answer; a turn this fails to end is passed on by the next waiter in time.
        if (queued) await endOwnTurn(keys, queued.held.ticket, queued.watch, turn.turnConfirmed).catch(() => undefined);
        throw error;
      }
      count(METRIC.lostRaces);
      if (!queued && (error.failedOn(label) || error.heldBy(label))) {
        queued = queuedWith(await takeTicket(keys));
        continue;
      }
      // Lost on something else in its own turn (a document another posting changed): the turn is still its own.
      if (queued && turn.turnConfirmed) observe(queued.watch, { served: queued.held.ticket - 1 });
      const delay = conflictDelayMs(losses, error.reasons.every((reason) => reason.code === 'ConditionalCheckFailed'));
      if (delay > 0) await sleep(delay);
    }
  }
}
