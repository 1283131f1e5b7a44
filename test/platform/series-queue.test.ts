import { describe, expect, it } from 'vitest';
import { DEFAULT_TURN_MS, nextTurnPace, queueIsEmpty, STALL_MS, turnAction, turnEstimateMs, type TurnClock } from '../../shared/platform/db/series-queue.ts';

const clock = (turnMs: number, sinceMovedMs = 0, stillForMs = 0): TurnClock => ({ turnMs, sinceMovedMs, stillForMs });
const waitOf = (action: ReturnType<typeof turnAction>) => (action.kind === 'wait' ? action.ms : undefined);

describe('the queue in front of a number series', () => {
  it('lets a posting without a ticket go straight only when nobody waits', () => {
    expect(queueIsEmpty({ tickets: 0, served: 0 })).toBe(true);
    expect(queueIsEmpty({ tickets: 7, served: 7 })).toBe(true);
    expect(queueIsEmpty({ tickets: 8, served: 7 })).toBe(false);
  });

  it('posts when the ticket before it is served, and queues again once its own turn was passed on', () => {
    expect(turnAction(1, { tickets: 1, served: 0 }, clock(DEFAULT_TURN_MS))).toEqual({ kind: 'post' });
    expect(turnAction(5, { tickets: 9, served: 4 }, clock(DEFAULT_TURN_MS))).toEqual({ kind: 'post' });
    expect(turnAction(5, { tickets: 9, served: 5 }, clock(DEFAULT_TURN_MS))).toEqual({ kind: 'requeue' });
    expect(turnAction(5, { tickets: 9, served: 8 }, clock(DEFAULT_TURN_MS))).toEqual({ kind: 'requeue' });
  });

  it('the next in line looks a turn after served moved, by its stamp, then often; those further back wait until the turn before theirs should begin', () => {
    expect(waitOf(turnAction(5, { tickets: 9, served: 3 }, clock(40)))).toBe(40);
    expect(waitOf(turnAction(5, { tickets: 9, served: 3 }, clock(40, 25)))).toBe(15);
    // A move stamped long before this waiter saw it: the turn ahead is due, so it looks at once (after the shortest wait).
    expect(waitOf(turnAction(5, { tickets: 9, served: 3 }, clock(40, 200)))).toBe(10);
    expect(waitOf(turnAction(5, { tickets: 9, served: 1 }, clock(40)))).toBe(2 * 40);
    expect(waitOf(turnAction(5, { tickets: 9, served: 1 }, clock(40, 50)))).toBe(2 * 40 - 50);
    expect(waitOf(turnAction(500, { tickets: 600, served: 1 }, clock(40)))).toBe(250);
  });

  it('passes on a turn that has not moved for the stall time on the waiter’s own clock, and never before it', () => {
    expect(turnAction(5, { tickets: 9, served: 3 }, clock(40, 0, STALL_MS - 1)).kind).toBe('wait');
    // A stamp from a skewed clock, however old, does not make a turn stalled.
    expect(turnAction(5, { tickets: 9, served: 3 }, clock(40, STALL_MS * 10, 0)).kind).toBe('wait');
    expect(turnAction(5, { tickets: 9, served: 3 }, clock(40, 0, STALL_MS))).toEqual({ kind: 'pass-on', stuck: 4 });
    expect(turnAction(5, { tickets: 9, served: 1 }, clock(40, 0, STALL_MS))).toEqual({ kind: 'pass-on', stuck: 2 });
    expect(turnAction(5, { tickets: 9, served: 4 }, clock(40, 0, STALL_MS * 10))).toEqual({ kind: 'post' });
  });

  it('estimates a turn from the stamped moves watched, and from the time waited before any', () => {
    expect(turnEstimateMs(4, 200, 500)).toBe(50);
    expect(turnEstimateMs(0, 0, 0)).toBe(DEFAULT_TURN_MS);
    expect(turnEstimateMs(0, 0, 180)).toBe(180);
    expect(turnEstimateMs(0, 0, 10_000)).toBeLessThanOrEqual(250);
  });

  it('keeps the series’ pace from turn to turn, and leaves it alone across a spell without a queue', () => {
    // The first stamped turn after another gives the first pace; each later one moves it a quarter of the way.
    expect(nextTurnPace({}, 1_000)).toBeUndefined();
    expect(nextTurnPace({ movedAt: 1_000 }, 1_030)).toBe(30);
    expect(nextTurnPace({ movedAt: 1_000, turnMs: 30 }, 1_070)).toBe(40);
    expect(nextTurnPace({ movedAt: 1_000, turnMs: 40 }, 1_020)).toBe(35);
    // Turns over a second apart are not one turn's length: the queue stood empty between them.
    expect(nextTurnPace({ movedAt: 1_000, turnMs: 30 }, 60_000)).toBe(30);
    // A stamp in this instance's future (another clock) says nothing either.
    expect(nextTurnPace({ movedAt: 2_000, turnMs: 30 }, 1_000)).toBe(30);
  });
});
