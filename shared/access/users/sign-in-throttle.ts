/**
 * How failed sign-ins slow down guessing, counted per account and per client address. A few mistakes cost
 * nothing; then each further failure makes the next attempt wait twice as long; past the limit the subject is
 * locked for fifteen minutes. Failures are forgotten fifteen minutes after the last one.
 */
export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  readonly free: number;
  /** Failures after which the subject is locked for `lockSeconds`. */
  readonly lockAfter: number;
  readonly lockSeconds: number;
}

export const WINDOW_SECONDS = 15 * 60;

/** One person mistyping: five free tries, then 1, 2, 4, 8, 16 s, then locked. */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, lockAfter: 10, lockSeconds: 15 * 60 };

/** One address may sign in many people (an office behind NAT), so it gets more room before it waits. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 20, lockAfter: 30, lockSeconds: 15 * 60 };

/** Seconds the subject must wait after its `failures`-th failure in the window. */
export function waitAfterFailures(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.free) return 0;
  if (failures >= policy.lockAfter) return policy.lockSeconds;
  return Math.min(2 ** (failures - policy.free), policy.lockSeconds);
}

export interface FailureRecord {
  readonly failures: number;
  /** Unix seconds before which no attempt is taken. */
  readonly retryAt: number;
  /** Unix seconds after which the record no longer counts. */
  readonly expiresAt: number;
}

/** Seconds until the next attempt is taken: 0 when an attempt may go ahead now. */
export function secondsUntilAllowed(records: readonly (FailureRecord | undefined)[], nowSeconds: number): number {
  let wait = 0;
  for (const record of records) {
    if (!record || record.expiresAt <= nowSeconds) continue;
    wait = Math.max(wait, record.retryAt - nowSeconds);
  }
  return Math.max(0, Math.ceil(wait));
}

/** Whether a subject is in its lock: past the failure limit, with the wait still running. */
export function isLocked(record: FailureRecord | undefined, policy: ThrottlePolicy, nowSeconds: number): boolean {
  return !!record && record.expiresAt > nowSeconds && record.failures >= policy.lockAfter && record.retryAt > nowSeconds;
}
