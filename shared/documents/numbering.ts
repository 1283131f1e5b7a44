import { seriesTicketsKey, sequenceKey, type RecordKind } from '../db/keys.ts';
import { postInTurn, type SeriesTurn } from '../db/series-turn.ts';
import type { Id } from '../domain/ids.ts';

export type { SeriesTurn } from '../db/series-turn.ts';

/**
 * Gapless numbering: the last number of a series is read before the posting and written inside its transaction,
 * on the condition that it is still the value read. Two racing postings cannot both commit the same number; the
 * loser re-reads and takes the next, in the series' queue when postings contend (`shared/db/series-turn.ts`). A
 * failed posting writes no number, so none is skipped.
 */
export function postNumbered<T>(businessId: Id, kind: RecordKind, series: string, attempt: (turn: SeriesTurn) => Promise<T>): Promise<T> {
  return postInTurn({ series: sequenceKey(businessId, kind, series), tickets: seriesTicketsKey(businessId, kind, series) }, `SEQ:${series}`, attempt);
}
