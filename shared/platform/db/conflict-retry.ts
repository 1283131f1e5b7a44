/**
 * How long an action that lost a race waits before it reads again and retries.
 *
 * A numbered posting that loses its number joins the series' queue instead (`series-queue.ts`); this rule is for
 * every other race: a posting in its turn that lost on a document another posting changed, an update of a shared
 * record, a void. A loser learns which way it lost:
 * - a condition failed: the winner has committed, so a fresh read now sees its write and has as good a chance
 *   as anyone; waiting would only leave the item idle. It retries at once, the first few times.
 * - another transaction held an item (`TransactionConflict`): the winner is still committing; a fresh read now
 *   would see the old value and lose again. It waits about one transaction's time, jittered.
 * Only after repeated losses does the wait grow (exponential, full jitter), so that a crowd spreads out instead of
 * colliding again in step. Measured with `npm run bench` (separate processes); see the README's design notes.
 */
export const IMMEDIATE_RETRIES = 3;
const TRANSACTION_MS = 10;
const MAX_DELAY_MS = 80;

export function conflictDelayMs(losses: number, winnerCommitted: boolean, random: () => number = Math.random): number {
  if (winnerCommitted && losses <= IMMEDIATE_RETRIES) return 0;
  if (losses <= IMMEDIATE_RETRIES) return TRANSACTION_MS * (0.5 + random());
  const ceiling = Math.min(MAX_DELAY_MS, TRANSACTION_MS * 2 ** (losses - IMMEDIATE_RETRIES));
  return random() * ceiling;
}
