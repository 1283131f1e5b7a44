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

/** How long a turn may stand still before waiters take its holder for gone. Postings take tens of milliseconds. */
export const STALL_MS = 3_000;
/** Before any progress is seen, the time one posting is taken to hold its turn. */
export const DEFAULT_TURN_MS = 40;
/**
 * The next in line looks this often once the turn ahead of it is due: the series stands idle from the moment a
 * turn ends until its successor notices, and since the turns run one at a time, that idle time is lost to every
 * posting behind it. Before then it sleeps half the time the turn ahead should still take.
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

/**
 * What the holder of `ticket` does on reading the queue: post when the ticket before it is served, queue again when
 * its own turn was passed on, pass on a turn that has stood still too long, or else wait about as long as the
 * turns ahead of it should take. `stillForMs` is how long `served` has stood where it is (as far as this waiter
 * has seen), `turnMs` the time a turn takes.
 */
export function turnAction(ticket: number, queue: SeriesQueue, stillForMs: number, turnMs: number): TurnAction {
  if (queue.served >= ticket) return { kind: 'requeue' };
  const ahead = ticket - 1 - queue.served;
  if (ahead === 0) return { kind: 'post' };
  if (stillForMs >= STALL_MS) return { kind: 'pass-on', stuck: queue.served + 1 };
  if (ahead === 1) return { kind: 'wait', ms: Math.min(MAX_WAIT_MS, Math.max(NEXT_POLL_MS, (turnMs - stillForMs) / 2)) };
  return { kind: 'wait', ms: Math.min(MAX_WAIT_MS, Math.max(NEXT_POLL_MS, (ahead - 1) * turnMs)) };
}

/** The time one turn takes, from the progress a waiter has watched: turns served over the time it watched them. */
export function turnEstimateMs(turnsServed: number, watchedMs: number): number {
  if (turnsServed <= 0) return Math.max(DEFAULT_TURN_MS, Math.min(watchedMs, MAX_WAIT_MS));
  return watchedMs / turnsServed;
}
