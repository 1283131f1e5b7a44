import { describe, expect, it } from 'vitest';
import { DEFAULT_TURN_MS, queueIsEmpty, STALL_MS, turnAction, turnEstimateMs } from '../../shared/domain/series-queue.ts';

describe('the queue in front of a number series', () => {
  it('lets a posting without a ticket go straight only when nobody waits', () => {
    expect(queueIsEmpty({ tickets: 0, served: 0 })).toBe(true);
    expect(queueIsEmpty({ tickets: 7, served: 7 })).toBe(true);
    expect(queueIsEmpty({ tickets: 8, served: 7 })).toBe(false);
  });

  it('posts when the ticket before it is served, and queues again once its own turn was passed on', () => {
    expect(turnAction(1, { tickets: 1, served: 0 }, 0, DEFAULT_TURN_MS)).toEqual({ kind: 'post' });
    expect(turnAction(5, { tickets: 9, served: 4 }, 0, DEFAULT_TURN_MS)).toEqual({ kind: 'post' });
    expect(turnAction(5, { tickets: 9, served: 5 }, 0, DEFAULT_TURN_MS)).toEqual({ kind: 'requeue' });
    expect(turnAction(5, { tickets: 9, served: 8 }, 0, DEFAULT_TURN_MS)).toEqual({ kind: 'requeue' });
  });

  it('the next in line sleeps half what the turn ahead should still take, then looks often; those further back wait about as long as the turns before them', () => {
    const waitOf = (action: ReturnType<typeof turnAction>) => (action.kind === 'wait' ? action.ms : undefined);
    expect(waitOf(turnAction(5, { tickets: 9, served: 3 }, 0, 40))).toBe(20);
    expect(waitOf(turnAction(5, { tickets: 9, served: 3 }, 30, 40))).toBe(10);
    expect(waitOf(turnAction(5, { tickets: 9, served: 3 }, 200, 40))).toBe(10);
    expect(waitOf(turnAction(5, { tickets: 9, served: 1 }, 0, 40))).toBe(2 * 40);
    expect(waitOf(turnAction(500, { tickets: 600, served: 1 }, 0, 40))).toBe(250);
  });

  it('passes on a turn that has not moved for the stall time, and never before it', () => {
    expect(turnAction(5, { tickets: 9, served: 3 }, STALL_MS - 1, 40).kind).toBe('wait');
    expect(turnAction(5, { tickets: 9, served: 3 }, STALL_MS, 40)).toEqual({ kind: 'pass-on', stuck: 4 });
    expect(turnAction(5, { tickets: 9, served: 1 }, STALL_MS, 40)).toEqual({ kind: 'pass-on', stuck: 2 });
    expect(turnAction(5, { tickets: 9, served: 4 }, STALL_MS * 10, 40)).toEqual({ kind: 'post' });
  });

  it('estimates a turn from the progress watched, and from the time watched before any', () => {
    expect(turnEstimateMs(4, 200)).toBe(50);
    expect(turnEstimateMs(0, 0)).toBe(DEFAULT_TURN_MS);
    expect(turnEstimateMs(0, 180)).toBe(180);
    expect(turnEstimateMs(0, 10_000)).toBeLessThanOrEqual(250);
  });
});
