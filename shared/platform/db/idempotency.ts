import { IdempotencyInFlight, IdempotencyKeyReused } from '../core/errors.ts';
import type { Id } from '../core/ids.ts';
import { idempotencyKey, type Key } from './keys.ts';
import type { Item } from './query.ts';
import { mustNotExist, TransactionConflict, type WriteTransaction } from './transaction.ts';
import { sha256Hex } from '../core/hashing.ts';

/** How long a stored answer replays: api.md promises at least 24 hours. */
const KEPT_SECONDS = 48 * 3600;
const LABEL = 'IDEM';


/** Canonical JSON: keys sorted, so that the same body sent with its fields in another order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The Idempotency-Key protocol, for any use case that posts in one transaction: read the key's record with the
 * rest of the posting's reads (`key`), replay a stored answer (`replay`), write the answer in the posting's own
 * transaction (`record`), and read a lost race on the record as "still in flight" (`commit`). Keys are scoped
 * to the business and the route; the client's key and the body are stored only as hashes.
 */
export function idempotency(businessId: Id, scope: { readonly route: string; readonly key: string } | undefined, body: unknown) {
  const key: Key | undefined = scope ? idempotencyKey(businessId, scope.route, sha256Hex(scope.key)) : undefined;
  const requestHash = sha256Hex(canonical(body));
  return {
    key,
    /** The stored answer to replay, or undefined when this key is new; another body with the key is refused. */
    replay<T>(read: (key: Key) => Item | undefined): T | undefined {
      const previous = key ? read(key) : undefined;
      if (!previous) return undefined;
      if (previous.request_hash !== requestHash) throw new IdempotencyKeyReused();
      return previous.response as T;
    },
    record(tx: WriteTransaction, response: unknown): void {
      if (key) tx.put(LABEL, { ...key, entity: 'IDEM', request_hash: requestHash, response, expires_at: Math.floor(Date.now() / 1000) + KEPT_SECONDS }, mustNotExist);
    },
    async commit(tx: WriteTransaction): Promise<void> {
      try {
        await tx.commit();
      } catch (error) {
        if (error instanceof TransactionConflict && error.heldBy(LABEL)) throw new IdempotencyInFlight('A request with this Idempotency-Key is still being processed.');
        throw error;
      }
    },
  };
}
