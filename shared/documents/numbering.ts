import { sequenceKey, type RecordKind } from '../db/keys.ts';
import { getItem } from '../db/query.ts';
import type { WriteTransaction } from '../db/transaction.ts';
import type { Id } from '../domain/ids.ts';

/**
 * Gapless numbering: the last number of a series is read before the posting and written inside its transaction,
 * on the condition that it is still the value read. Two racing postings cannot both commit the same number; the
 * loser re-reads and takes the next. A failed posting writes no number, so none is skipped.
 */
export async function lastNumber(businessId: Id, kind: RecordKind, series: string): Promise<number> {
  const item = await getItem(sequenceKey(businessId, kind, series));
  return typeof item?.last === 'number' ? item.last : 0;
}

export function addNextNumber(tx: WriteTransaction, businessId: Id, kind: RecordKind, series: string, read: number): number {
  const next = read + 1;
  tx.put(
    `SEQ:${series}`,
    { ...sequenceKey(businessId, kind, series), entity: 'SEQ', last: next },
    read === 0 ? { expression: 'attribute_not_exists(pk)' } : { expression: '#last = :read', names: { '#last': 'last' }, values: { ':read': read } },
  );
  return next;
}
