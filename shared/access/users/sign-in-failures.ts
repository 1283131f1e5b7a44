import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Key } from '../../platform/db/keys.ts';
import type { FailureRecord } from './sign-in-throttle.ts';
import { db, tableName } from '../../platform/db/client.ts';
import { batchGet } from '../../platform/db/query.ts';

export type FailureSubject = { readonly kind: 'ACCOUNT' | 'ADDRESS'; readonly hash: string };

const keyOf = (subject: FailureSubject) => signInFailuresKey(subject.kind, subject.hash);

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

/** The failure records of every subject of one attempt, in one round trip. */
export async function readFailures(subjects: readonly FailureSubject[]): Promise<(FailureRecord | undefined)[]> {
  const read = await batchGet(subjects.map(keyOf));
  return subjects.map((subject) => {
    const item = read(keyOf(subject));
    if (!item) return undefined;
    return { failures: Number(item.failures), retryAt: Number(item.retry_at ?? 0), expiresAt: Number(item.expires_at) };
  });
}

/**
 * Counts one failure, in one write in the usual case: a record whose window has passed (or none) starts again
 * at one; a live one is incremented atomically (ADD), so a burst of concurrent guesses counts every guess. The
 * wait is set in the same write from the count this attempt read; when the count written back shows that other
 * attempts failed meanwhile (they read before a long hash queue, say), a second write raises the wait to what
 * the exact count calls for. expires_at is the table's TTL attribute.
 */
export async function recordFailure(subject: FailureSubject, read: FailureRecord | undefined, nowSeconds: number, windowSeconds: number, waitAfter: (failures: number) => number): Promise<FailureRecord> {
  const key = keyOf(subject);
  const live = read && read.expiresAt > nowSeconds ? read : undefined;
  const recordFor = (failures: number): FailureRecord => {
    const wait = waitAfter(failures);
    return { failures, retryAt: nowSeconds + wait, expiresAt: nowSeconds + Math.max(windowSeconds, wait) };
  };
  const expected = recordFor((live?.failures ?? 0) + 1);
  const values = { ':now': nowSeconds, ':retry': expected.retryAt, ':expires': expected.expiresAt, ':one': 1, ':entity': 'SIGNINFAIL' };
  const write = (update: string, condition?: string) =>
    db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: update, ...(condition ? { ConditionExpression: condition } : {}), ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW' }));
  let written;
  try {
    written = live
      ? await write('SET entity = :entity, retry_at = :retry, expires_at = :expires ADD failures :one', 'expires_at > :now')
      : await write('SET entity = :entity, failures = :one, retry_at = :retry, expires_at = :expires', 'attribute_not_exists(pk) OR expires_at <= :now');
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The record changed between the read and this write: count on whatever is there now.
    written = await write('SET entity = :entity, retry_at = :retry, expires_at = :expires ADD failures :one');
  }
  const exact = recordFor(Number(written.Attributes?.failures ?? expected.failures));
  if (exact.retryAt > expected.retryAt) {
    try {
      await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET retry_at = :retry, expires_at = :expires', ConditionExpression: 'retry_at < :retry', ExpressionAttributeValues: { ':retry': exact.retryAt, ':expires': exact.expiresAt } }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return exact;
}

export async function clearFailures(subject: FailureSubject): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(subject) }));
}

/**
 * Failed sign-ins, counted per account (by the hash of the normalised e-mail, so an address of any length makes a
 * bounded key and none is stored in clear) and per client address.
 */
export function signInFailuresKey(subject: 'ACCOUNT' | 'ADDRESS', subjectHash: string): Key {
  return { pk: `SIGNINFAIL#${subject}#${subjectHash}`, sk: 'SIGNINFAIL' };
}
