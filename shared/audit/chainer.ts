/**
 * The chainer's use case (docs/audit-trail.md): places a business's new entries on its chain, after its head,
 * off the request path. The FIFO queue hands it one business's entries in commit order and never two batches of
 * one business at once; each transaction is also conditioned on the head it read, so nothing else could interleave.
 * A redelivery finds its entries chained already and leaves them as they are.
 */
import * as v from 'valibot';
import type { Id } from '../platform/core/ids.ts';
import { createHash } from 'node:crypto';
import type { Key } from '../platform/db/keys.ts';
import { batchGet } from '../platform/db/query.ts';
import { messageQueue } from '../platform/outbox/transports.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { chainAfter } from './chain.ts';
import { addChained, entryOfItem, readHead } from './chain-store.ts';

/** Three items per entry less one, within DynamoDB's 100 a transaction (`addChained`). */
const ENTRIES_PER_TRANSACTION = 49;

/** What the projector sends for a business: its new entries' keys, in the order the stream gave them. */
export const EntriesToChain = v.object({
  business_id: v.pipe(v.string(), v.transform((id) => id as Id)),
  keys: v.pipe(v.array(v.object({ pk: v.string(), sk: v.string() })), v.minLength(1), v.maxLength(100)),
});
export type EntriesToChain = v.InferOutput<typeof EntriesToChain>;

/**
 * Chains the entries at `keys` that are not chained yet, ordered by (`at`, `id`) as api.md orders unchained ones;
 * answers how many it placed.
 */
export async function chainEntries({ business_id: businessId, keys }: EntriesToChain): Promise<number> {
  const read = await batchGet(keys);
  const unchained = keys
    .flatMap((key) => {
      const item = read(key);
      return item && item.seq === null ? [{ key, entry: entryOfItem(item) }] : [];
    })
    .sort((a, b) => (a.entry.at === b.entry.at ? a.entry.id.localeCompare(b.entry.id) : a.entry.at.localeCompare(b.entry.at)));
  if (unchained.length === 0) return 0;
  let head = await readHead(businessId);
  for (let start = 0; start < unchained.length; start += ENTRIES_PER_TRANSACTION) {
    const part = unchained.slice(start, start + ENTRIES_PER_TRANSACTION);
    const placed = chainAfter(head, part.map(({ entry }) => entry));
    const tx = new WriteTransaction();
    addChained(tx, businessId, head, part.map(({ key }, index) => ({ key, entry: placed.chained[index]! })), placed.head);
    await tx.commit();
    head = placed.head;
  }
  return unchained.length;
}

/** The most keys one message carries (an SQS message holds 256 KB; a key about 120 bytes). */
const KEYS_PER_MESSAGE = 100;

/**
 * Hands a business's new entries to the chainer's FIFO queue, in the order given (the projector's: the stream's,
 * which is commit order within the business's year), one message after another so the queue keeps that order.
 * The deduplication id is the keys' own digest: a stream batch read again sends nothing new.
 */
export async function handToChainer(businessId: Id, keys: readonly Key[]): Promise<void> {
  for (let start = 0; start < keys.length; start += KEYS_PER_MESSAGE) {
    const message: EntriesToChain = { business_id: businessId, keys: keys.slice(start, start + KEYS_PER_MESSAGE) };
    const body = JSON.stringify(message);
    await messageQueue().send('audit', body, { group: businessId, deduplicationId: createHash('sha256').update(body).digest('hex') });
  }
}
