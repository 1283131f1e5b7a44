/**
 * `GET /audit-log/verify`: recomputes a stretch of a business's chain from the table, a page of at most 1,000
 * entries a call (a Query of links and BatchGetItems of the entries they name), against the entry before it and
 * the head (docs/audit-trail.md). An entry altered, removed or moved, a head rolled back or the last entry removed
 * names the first bad seq.
 */
import { RuleViolation } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { GENESIS_HASH, verifyStretch, type Verification } from './chain.ts';
import { entriesBySeq, readHead } from './chain-store.ts';
import type { AuditVerifyQueryInput } from './schemas.ts';

export const VERIFY_PAGE = 1000;

export async function verifyChain(businessId: Id, query: AuditVerifyQueryInput): Promise<Verification & { readonly next_from_seq: number | null }> {
  const from = query.from_seq ?? 1;
  if (query.to_seq !== undefined && query.to_seq < from) throw RuleViolation.of('to_seq', `must be at least from_seq (${from})`);
  const head = await readHead(businessId);
  const asked = Math.min(query.to_seq ?? head.seq, head.seq);
  const to = Math.min(asked, from + VERIFY_PAGE - 1);
  // The entry before the stretch gives the hash it starts from, and one link past the head would be an entry the head no longer counts.
  const [before, entries, beyond] = await Promise.all([
    from > 1 ? entriesBySeq(businessId, from - 1, from - 1, 1) : Promise.resolve([]),
    to >= from ? entriesBySeq(businessId, from, to, VERIFY_PAGE) : Promise.resolve([]),
    to === head.seq ? entriesBySeq(businessId, head.seq + 1, Number.MAX_SAFE_INTEGER, 1) : Promise.resolve([]),
  ]);
  const previous = from === 1 ? GENESIS_HASH : before[0]?.seq === from - 1 ? before[0].hash : null;
  if (from > head.seq + 1 || previous === null) {
    // Nothing to check there, or the entry the stretch hangs from is itself missing: that one is the first bad.
    return previous === null && from <= head.seq + 1 ? { checked: 0, ok: false, first_bad_seq: from - 1, head_seq: head.seq, next_from_seq: null } : { checked: 0, ok: true, first_bad_seq: null, head_seq: head.seq, next_from_seq: null };
  }
  const verdict = verifyStretch(entries, from, previous, head, to);
  if (verdict.ok && beyond.length > 0) return { ...verdict, ok: false, first_bad_seq: head.seq + 1, next_from_seq: null };
  return { ...verdict, next_from_seq: verdict.ok && to < asked ? to + 1 : null };
}
