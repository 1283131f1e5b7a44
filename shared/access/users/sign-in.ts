import { clearFailures, readFailures, recordFailure, type FailureSubject } from './sign-in-failures.ts';
import type { Id } from '../../platform/core/ids.ts';
import { ACCOUNT_POLICY, ADDRESS_POLICY, isLocked, secondsUntilAllowed, waitAfterFailures, WINDOW_SECONDS } from './sign-in-throttle.ts';
import { HashingBusy, verifyPassword } from './passwords.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';
import { sha256Hex } from '../../platform/core/hashing.ts';

/** RFC 5321 caps an address at 254 characters; longer input names no account (and would not fit a key). */
const MAX_EMAIL_LENGTH = 254;
/** Far above any real password; longer input is checked as if it were this long, and then refused. */
const MAX_PASSWORD_LENGTH = 1024;

export type SignInOutcome =
  | { readonly kind: 'signed_in'; readonly userId: Id }
  | { readonly kind: 'refused' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number }
  | { readonly kind: 'busy'; readonly retryAfterSeconds: number };


/**
 * One sign-in attempt. A subject (the account, the client address) that failed too often waits before any
 * password is checked; otherwise the password is hashed whether or not the account exists, so an unknown e-mail
 * and a wrong password take the same time and get the same answer. Each failure is counted for both subjects.
 */
export async function attemptSignIn(input: { email: string; password: string; clientAddress: string }, nowMs = Date.now()): Promise<SignInOutcome> {
  const email = normalizeEmail(input.email);
  const account: FailureSubject = { kind: 'ACCOUNT', hash: sha256Hex(email) };
  const address: FailureSubject = { kind: 'ADDRESS', hash: sha256Hex(input.clientAddress) };
  const nowSeconds = Math.floor(nowMs / 1000);
  const [accountRead, addressRead] = await readFailures([account, address]);
  const countFailure = () =>
    Promise.all([
      recordFailure(account, accountRead, nowSeconds, WINDOW_SECONDS, (failures) => waitAfterFailures(failures, ACCOUNT_POLICY)),
      recordFailure(address, addressRead, nowSeconds, WINDOW_SECONDS, (failures) => waitAfterFailures(failures, ADDRESS_POLICY)),
    ]);
  const wait = secondsUntilAllowed([accountRead, addressRead], nowSeconds);
  if (wait > 0) {
    // Once locked, a guess costs one read and writes nothing.
    if (isLocked(accountRead, ACCOUNT_POLICY, nowSeconds) || isLocked(addressRead, ADDRESS_POLICY, nowSeconds)) return { kind: 'throttled', retryAfterSeconds: wait };
    // Not waiting counts as one more failure (with no hash run), so guessing straight through the waits ends in
    // the lock: fifty guesses in a row cannot be followed by a sign-in.
    const [accountNow, addressNow] = await countFailure();
    return { kind: 'throttled', retryAfterSeconds: Math.max(wait, secondsUntilAllowed([accountNow, addressNow], nowSeconds)) };
  }

  const user = email.length <= MAX_EMAIL_LENGTH ? await findUserByEmail(email) : undefined;
  let matches: boolean;
  try {
    matches = await verifyPassword(input.password.slice(0, MAX_PASSWORD_LENGTH), user?.password_hash);
  } catch (error) {
    if (error instanceof HashingBusy) return { kind: 'busy', retryAfterSeconds: 1 };
    throw error;
  }
  if (user && matches && input.password.length <= MAX_PASSWORD_LENGTH) {
    await clearFailures(account);
    return { kind: 'signed_in', userId: user.id };
  }
  await countFailure();
  return { kind: 'refused' };
}
