/**
 * Where the chain lives beside the entries (docs/audit-trail.md, "The chain, off the request path"): per business,
 * the head (`BIZ#<b>#AUDITCHAIN` / `HEAD`: the last seq and hash) and one link per seq (`S#<seq>` → the entry's key),
 * so a stretch of the chain is read by seq, in one Query and a BatchGetItem, though entries are kept by date.
 */
import { businessPk, type Key } from '../platform/db/keys.ts';
import type { Id } from '../platform/core/ids.ts';
import { batchGet, getItem, queryPage, type Item } from '../platform/db/query.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { AuditEntry } from '../platform/trail/entry.ts';
import { EMPTY_HEAD, type ChainHead, type ChainedEntry } from './chain.ts';

const SEQ_DIGITS = 12;
const chainPk = (businessId: Id) => `${businessPk(businessId)}#AUDITCHAIN`;
const headKey = (businessId: Id): Key => ({ pk: chainPk(businessId), sk: 'HEAD' });
const linkSk = (seq: number) => `S#${String(seq).padStart(SEQ_DIGITS, '0')}`;

/** An entry as stored, without its keys and index keys. */
export function entryOfItem(item: Item): AuditEntry {
  const { pk: _pk, sk: _sk, lsi1sk: _record, lsi2sk: _actor, ...entry } = item;
  return entry as unknown as AuditEntry;
}

export async function readHead(businessId: Id): Promise<ChainHead> {
  const item = await getItem(headKey(businessId));
  return item ? { seq: Number(item.seq), hash: String(item.hash) } : EMPTY_HEAD;
}

/**
 * Adds the chaining of `chained` (read unchained at `keys`) to a transaction: each entry's chain fields, set only
 * while still null; its link; and the new head, conditioned on the head `after` which they were chained, so two
 * chainers of one business could never both commit. Three items per entry less one: at most 49 entries a transaction.
 */
export function addChained(tx: WriteTransaction, businessId: Id, previous: ChainHead, chained: readonly { readonly key: Key; readonly entry: ChainedEntry }[], head: ChainHead): void {
  for (const { key, entry } of chained) {
    tx.update('AUDIT:chain', key, { expression: 'SET #seq = :seq, prev_hash = :prev, #hash = :hash', names: { '#seq': 'seq', '#hash': 'hash' }, values: { ':seq': entry.seq, ':prev': entry.prev_hash, ':hash': entry.hash } }, { expression: 'attribute_type(#seq, :null)', values: { ':null': 'NULL' } });
    tx.put('AUDIT:link', { pk: chainPk(businessId), sk: linkSk(entry.seq), entry_pk: key.pk, entry_sk: key.sk });
  }
  tx.put(
    'AUDIT:head',
    { ...headKey(businessId), seq: head.seq, hash: head.hash },
    previous.seq === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: 'seq = :seq', values: { ':seq': previous.seq } },
  );
}

/** The entries placed at seqs `from` to `to` (at most `limit` of them), in seq order: a missing one is simply absent. */
export async function entriesBySeq(businessId: Id, from: number, to: number, limit: number): Promise<AuditEntry[]> {
  const links = await queryPage({ pk: chainPk(businessId), sortKey: 'sk', prefix: 'S#', between: [linkSk(from), linkSk(to)] }, 0, limit);
  const keys = links.map((link): Key => ({ pk: String(link.entry_pk), sk: String(link.entry_sk) }));
  const read = await batchGet(keys);
  return keys.flatMap((key) => {
    const item = read(key);
    return item ? [entryOfItem(item)] : [];
  });
}
