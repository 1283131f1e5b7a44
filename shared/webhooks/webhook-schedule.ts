import { QUEUES } from '../../events/queues.ts';

/**
 * When a failed webhook delivery is tried again: exponential, with ±20 % jitter, for about three days. The first
 * retry comes within 10 seconds; no pause exceeds 12 hours (the longest SQS can hide a message). A receiver's
 * Retry-After is honoured, within that same ceiling.
 */
export const RETRY_DELAYS_SECONDS = [5, 60, 300, 1_800, 7_200, 18_000, 36_000, 43_200, 43_200, 43_200, 43_200, 43_200] as const;

/** The first attempt plus one per retry delay: the delivery queue's receive count, after which it dead-letters. */
export const MAX_ATTEMPTS = QUEUES.delivery.maxReceiveCount;

const MAX_DELAY_SECONDS = 43_200;

/**
 * The pause after attempt `attempt` (1-based) failed, in seconds, or null when it was the last. `scale` shrinks
 * every pause (the local runtime's tests use it); 1 on AWS.
 */
export function retryDelaySeconds(attempt: number, retryAfterSeconds: number | null, scale = 1, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_SECONDS[attempt - 1];
  if (base === undefined) return null;
  const jittered = base * (0.8 + 0.4 * random());
  return Math.min(MAX_DELAY_SECONDS, Math.max(jittered, retryAfterSeconds ?? 0)) * scale;
}

/** A Retry-After header: delay-seconds or an HTTP date. */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}
