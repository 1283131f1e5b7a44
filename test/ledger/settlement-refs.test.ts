import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Id } from '../../shared/platform/core/ids.ts';
import { LISTED_SETTLEMENTS, unlistedSettlements, withoutSettlement, withSettlement, type SettlementList, type SettlementRef } from '../../shared/ledger/documents/settlement-refs.ts';

const ref = (n: number): SettlementRef => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` as Id, kind: 'receipt', no: `RCT-${String(n).padStart(5, '0')}`, date: '2026-11-05', amount: 1 });

describe('a document’s list of settlements', () => {
  it('lists every settlement up to the bound, oldest first, and counts them', () => {
    let list: SettlementList = {};
    for (let n = 1; n <= 3; n++) list = withSettlement(list, ref(n));
    expect(list.settled_by?.map((settlement) => settlement.no)).toEqual(['RCT-00001', 'RCT-00002', 'RCT-00003']);
    expect(list.settlement_count).toBe(3);
    expect(unlistedSettlements(list)).toBe(0);
  });

  it('keeps the latest past the bound and counts the earlier ones', () => {
    let list: SettlementList = {};
    for (let n = 1; n <= LISTED_SETTLEMENTS + 5; n++) list = withSettlement(list, ref(n));
    expect(list.settled_by).toHaveLength(LISTED_SETTLEMENTS);
    expect(list.settled_by?.[0]).toEqual(ref(6));
    expect(list.settled_by?.at(-1)).toEqual(ref(LISTED_SETTLEMENTS + 5));
    expect(unlistedSettlements(list)).toBe(5);
  });

  it('takes a voided settlement off the list, and counts out one that fell off it', () => {
    let list: SettlementList = {};
    for (let n = 1; n <= LISTED_SETTLEMENTS + 2; n++) list = withSettlement(list, ref(n));
    const listedVoided = withoutSettlement(list, ref(LISTED_SETTLEMENTS).id);
    expect(listedVoided.settled_by).toHaveLength(LISTED_SETTLEMENTS - 1);
    expect(unlistedSettlements(listedVoided)).toBe(2);
    const unlistedVoided = withoutSettlement(list, ref(1).id);
    expect(unlistedVoided.settled_by).toEqual(list.settled_by);
    expect(unlistedSettlements(unlistedVoided)).toBe(1);
  });

  it('counts a list kept before the count from its length, and leaves a document that kept none without one', () => {
    const legacy: SettlementList = { settled_by: [ref(1), ref(2)] };
    expect(withSettlement(legacy, ref(3)).settlement_count).toBe(3);
    expect(withoutSettlement(legacy, ref(1).id)).toEqual({ settled_by: [ref(2)], settlement_count: 1 });
    expect(withoutSettlement({}, ref(1).id)).toEqual({});
  });

  it('stays bounded and exact under any order of settlements and voids', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('settle' as const), fc.nat(60)), { maxLength: 120 }), (steps) => {
        let list: SettlementList = {};
        const live: number[] = [];
        let next = 1;
        for (const step of steps) {
          if (step === 'settle') {
            list = withSettlement(list, ref(next));
            live.push(next++);
          } else if (live.length > 0) {
            const [voided] = live.splice(step % live.length, 1);
            list = withoutSettlement(list, ref(voided!).id);
          }
        }
        expect(list.settled_by?.length ?? 0).toBeLessThanOrEqual(LISTED_SETTLEMENTS);
        expect((list.settled_by?.length ?? 0) + unlistedSettlements(list)).toBe(live.length);
        // Whatever is listed is live, newest last.
        const listed = (list.settled_by ?? []).map((settlement) => Number(settlement.no.slice(4)));
        expect(listed.every((n) => live.includes(n))).toBe(true);
        expect([...listed].sort((a, b) => a - b)).toEqual(listed);
      }),
    );
  });
});
