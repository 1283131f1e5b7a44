/**
 * The queue in front of a business's number series: the rule for whose turn it is.
 *
 * Every posting of one series (say a business's receipts) must commit the next number, on the condition that the
 * last one is still the one it read. On AWS each Lambda instance races for it, and a loser spends a read and a
 * transaction of its own only to lose again while the rest keep colliding (`npm run bench`, separate processes).
 * So a posting that loses once, or finds others already queued, takes a ticket instead: it adds one to the
 * series' `tickets` and waits until `served` (moved by each holder in its own posting transaction) reaches the
 * ticket before it. Postings then commit one after another, in arrival order, and a queued one reads and writes
 * once. A posting that meets no queue goes straight to its transaction, as before: no extra round trip when there
 * is no contention.
 *
 * Nobody hands a turn over by message (Lambda instances cannot reach each other), so a waiter reads the series
 * item again after about the time the postings ahead of it should take. A holder that died with its turn (a
 * killed process, a timed-out function) would stop the queue, so when `served` has not moved for `STALL_MS`, a
 * waiter passes that turn on; if its holder was only slow, its transaction then fails and it queues again. The
 * number's own condition keeps the series gapless whatever the queue does: the queue only decides who tries.
 */

/** The queue as read off the series item. */
export interface SeriesQueue {
  /** The last ticket handed out (0: none yet). */
  readonly tickets: number;
  /** The last ticket whose turn is over (committed, refused, replayed or passed on). */
  readonly served: number;
}

export type TurnAction =
  | { readonly kind: 'post' }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'pass-on'; readonly stuck: number }
  | { readonly kind: 'requeue' };

/** What a waiter knows of its queue's pace when it decides what to do. */
export interface TurnClock {
  /** How long `served` has stood where it is as far as this waiter has seen: the stall watch, on its own clock. */
  readonly stillForMs: number;
  /**
   * How long ago `served` moved to where it is, by the time its mover stamped on the series item (`served_at`).
   * A waiter reads the series only now and then, so its own sight of a move comes up to a turn late; the next in
   * line that timed its look from that sight left the series idle for most of each turn (traced at K = 8: a turn
   * of 36 ms, of which the transaction was 14 and the look 5.5, and the look began 16 ms after its predecessor's
   * commit on average). The stamp is another instance's clock: a skewed one makes a look early or late, never a
   * turn taken out of order, and the stall watch keeps to the waiter's own clock.
   */
  readonly sinceMovedMs: number;
  /** The time one turn takes: the series' pace (`nextTurnPace`), or where it carries none, `turnEstimateMs`. */
  readonly turnMs: number;
}

/** How long a turn may stand still before waiters take its holder for gone. Postings take tens of milliseconds. */
export const STALL_MS = 3_000;
/** Before any progress is seen, the time one posting is taken to hold its turn. */
export const DEFAULT_TURN_MS = 40;
/**
 * After an early look, the next in line looks again this often: the series stands idle from the moment a turn ends
 * until its successor notices, and since the turns run one at a time, that idle time is lost to every posting
 * behind it.
 */
const NEXT_POLL_MS = 10;
/** A waiter looks again at least this often, so that it notices a fast queue, or a stall, soon enough. */
const MAX_WAIT_MS = 250;
/** After an instance saw a series queued, how long it goes to the queue straight away instead of trying first. */
export const QUEUE_MEMORY_MS = 1_000;
/**
 * How recently an instance must have learned `served` (by a read, or by committing its own turn) to start a new
 * ticket's wait from it instead of reading the series item beside the ticket. Only turns with tickets move
 * `served`, and within this time (postings take tens of milliseconds) at most one has: the waiter then takes the
 * queue ahead of it for one turn longer and first looks up to a turn late, which its first look corrects. It never
 * takes a turn that is not its own: that is decided by what the look reads.
 */
export const SERVED_MEMORY_MS = 50;

/** Whether a posting that holds no ticket may go straight to its transaction: nobody is waiting. */
export function queueIsEmpty(queue: SeriesQueue): boolean {
  return queue.tickets <= queue.served;
}

const clampWait = (ms: number) => Math.min(MAX_WAIT_MS, Math.max(NEXT_POLL_MS, ms));

/**
 * What the holder of `ticket` does on reading the queue: post when the ticket before it is served, queue again when
 * its own turn was passed on, pass on a turn that has stood still too long, or else wait, timed from when `served`
 * moved. A waiter further back reads `served` again when its predecessor's turn should begin. The next in line
 * looks a turn after the move: the stamp is written as its mover's transaction is sent, so a turn later its
 * predecessor's own transaction is on its way, and the look lands about as it commits (a look at half a turn
 * looked early and was no faster: traced runs at K = 8 gave 28.0 against 31.8 receipts/s).
 */
export function turnAction(ticket: number, queue: SeriesQueue, clock: TurnClock): TurnAction {
  if (queue.served >= ticket) return { kind: 'requeue' };
  const ahead = ticket - 1 - queue.served;
  if (ahead === 0) return { kind: 'post' };
  if (clock.stillForMs >= STALL_MS) return { kind: 'pass-on', stuck: queue.served + 1 };
  const turnsToWait = Math.max(1, ahead - 1);
  return { kind: 'wait', ms: clampWait(turnsToWait * clock.turnMs - clock.sinceMovedMs) };
}

/** A move of `served` more than this after the one before it ended a spell without a queue: it says nothing of a turn's length. */
const PACE_SAMPLE_MAX_MS = 1_000;
/** How much each turn moves the series' pace: enough to follow a machine that slows down within a few turns. */
const PACE_WEIGHT = 0.25;

/**
 * The pace a committing turn stamps on the series item beside `served` (`turn_ms`), from the previous move's stamp
 * and pace: every waiter reads the series' pace with `served`, so even a waiter that has just taken its ticket times
 * its first look by the turns before it rather than by a default (a waiter 7 turns back slept 240 ms on the 40 ms
 * default while turns took 30, and found its turn long come).
 */
export function nextTurnPace(previous: { readonly movedAt?: number; readonly turnMs?: number }, now: number): number | undefined {
  if (previous.movedAt === undefined) return previous.turnMs;
  const sample = now - previous.movedAt;
  if (sample < 0 || sample > PACE_SAMPLE_MAX_MS) return previous.turnMs;
  return previous.turnMs === undefined ? sample : Math.round(previous.turnMs + PACE_WEIGHT * (sample - previous.turnMs));
}

/**
 * The time one turn takes where the series carries no pace: the span between two moves of `served` that a waiter
 * read (by their stamps) over the turns between them; before it has seen one, at least the time it has waited so
 * far, up to a look's bound.
 */
export function turnEstimateMs(turnsMoved: number, movedSpanMs: number, waitedMs: number): number {
  if (turnsMoved <= 0) return Math.max(DEFAULT_TURN_MS, Math.min(waitedMs, MAX_WAIT_MS));
  return Math.max(0, movedSpanMs) / turnsMoved;
}
