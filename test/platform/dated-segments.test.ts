import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, countRange, covers, grainOf, overlaps, type CountSource, type Segment } from '../../shared/platform/db/dated-segments.ts';

const FIRST = '0000-01-01';
const LAST = '9999-12-31';

/** The year, month and day counts of a list of record dates, served like the stored items, counting each item read. */
function sourceOf(dates: readonly string[]) {
  const countsAt = (length: number) => {
    const counts = new Map<string, number>();
    for (const date of dates) counts.set(date.slice(0, length), (counts.get(date.slice(0, length)) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([period, count]): Segment => ({ period, count }));
  };
  const months = countsAt(7);
  const days = countsAt(10);
  const reads = { items: 0 };
  const served = (segments: readonly Segment[]) => {
    reads.items += segments.length;
    return Promise.resolve(segments);
  };
  const source: CountSource = {
    years: countsAt(4),
    monthsOf: (year, from, to) => served(months.filter((month) => month.period.startsWith(`${year}-`) && overlaps(month.period, from, to))),
    daysOf: (from, to) => served(days.filter((day) => day.period >= from && day.period <= to)),
  };
  return { source, reads };
}

const day = fc.record({ year: fc.integer({ min: 2019, max: 2026 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) }).map(({ year, month, day }) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
const edge = fc.option(day, { nil: undefined });

describe('dated segments', () => {
  it('names a period by its grain, and tells whether a range covers, cuts or misses it', () => {
    expect(['2026', '2026-11', '2026-11-22'].map(grainOf)).toEqual(['Y', 'M', 'D']);
    expect(covers('2026', FIRST, LAST)).toBe(true);
    expect(covers('2026', '2026-01-02', LAST)).toBe(false);
    expect(covers('2026-02', '2026-02-01', '2026-02-28')).toBe(false);
    expect(overlaps('2026-02', '2026-02-28', LAST)).toBe(true);
    expect(overlaps('2026', '2027-01-01', LAST)).toBe(false);
    expect(clip('2026-03', '2026-03-10', LAST)).toEqual({ from: '2026-03-10', to: '2026-03-31' });
  });

  it('counts any range exactly and places every offset on the record the dated list holds there', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(day, { minLength: 0, maxLength: 120 }), edge, edge, async (dates, a, b) => {
        const [from = FIRST, to = LAST] = a && b && a > b ? [b, a] : [a, b];
        const sorted = [...dates].sort();
        const inRange = sorted.filter((date) => date >= from && date <= to);
        const { source } = sourceOf(dates);
        const counts = await countRange(source, from, to);
        expect(counts.total).toBe(inRange.length);
        for (let offset = 0; offset < inRange.length; offset++) {
          const at = inRange[offset]!;
          expect(await counts.locate(offset)).toEqual({ day: at, skip: offset - inRange.indexOf(at) });
        }
        expect(await counts.locate(inRange.length)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('reads one item a year, then the months of one year and the days of one month, however long the history', async () => {
    // Twenty days a month for eight years: 96 months, 1,920 days.
    const dates = Array.from({ length: 8 * 12 * 20 }, (_, index) => {
      const month = Math.floor(index / 20);
      return `${2019 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${String((index % 20) + 1).padStart(2, '0')}`;
    });
    const { source, reads } = sourceOf(dates);
    const counts = await countRange(source, FIRST, LAST);
    expect(reads.items).toBe(0);
    expect(await counts.locate(dates.length - 1)).toEqual({ day: '2026-12-20', skip: 0 });
    expect(reads.items).toBe(12 + 20);

    reads.items = 0;
    const ranged = await countRange(source, '2020-03-15', '2025-10-05');
    // The edge years' months within the range (10 + 10), the edge months' days within it (6 + 5).
    expect(reads.items).toBe(10 + 10 + 6 + 5);
    expect(ranged.total).toBe(dates.filter((date) => date >= '2020-03-15' && date <= '2025-10-05').length);
  });

  it('refuses to place an offset in counts that do not add up', async () => {
    const source: CountSource = { years: [{ period: '2026', count: 5 }], monthsOf: () => Promise.resolve([{ period: '2026-01', count: 2 }]), daysOf: () => Promise.resolve([]) };
    await expect((await countRange(source, FIRST, LAST)).locate(3)).rejects.toThrow(/within 2026 do not add up/);
  });
});
