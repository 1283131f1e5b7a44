/**
 * Placing an offset in a list ordered by date from counts kept per year, month and day.
 *
 * A list's records are counted at three grains. Summing years first, then the months of one year, then the days of
 * one month, finds the day of any offset in at most (years) + 12 + 31 counts, where summing months grew by twelve
 * a year.
 */

/** How many records of a list lie in one period: a year (`2026`), a month (`2026-11`) or a day (`2026-11-22`). */
export interface Segment {
  readonly period: string;
  readonly count: number;
}

type Grain = 'Y' | 'M' | 'D';

export function grainOf(period: string): Grain {
  return period.length === 4 ? 'Y' : period.length === 7 ? 'M' : 'D';
}

/** The first and last day a period may hold (a month's last as `-31`: dates compare as text, so it bounds every month). */
function firstDay(period: string): string {
  const grain = grainOf(period);
  return grain === 'Y' ? `${period}-01-01` : grain === 'M' ? `${period}-01` : period;
}

function lastDay(period: string): string {
  const grain = grainOf(period);
  return grain === 'Y' ? `${period}-12-31` : grain === 'M' ? `${period}-31` : period;
}

/** The period lies wholly within `from`–`to` (inclusive dates), so its count counts as it is. */
export function covers(period: string, from: string, to: string): boolean {
  return from <= firstDay(period) && lastDay(period) <= to;
}

export function overlaps(period: string, from: string, to: string): boolean {
  return firstDay(period) <= to && lastDay(period) >= from;
}

/** The part of `from`–`to` that lies within a period. */
export function clip(period: string, from: string, to: string): { readonly from: string; readonly to: string } {
  const first = firstDay(period);
  const last = lastDay(period);
  return { from: from > first ? from : first, to: to < last ? to : last };
}

function totalOf(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + segment.count, 0);
}

/**
 * Where the record at `offset` (0-based) lies: its day, and how many records of that day come before it. Segments
 * are in date order; `finer` turns a year into its months and a month into its days. Undefined when the segments
 * hold no more than `offset` records.
 */
async function locate(segments: readonly Segment[], offset: number, finer: (segment: Segment) => Promise<readonly Segment[]>): Promise<{ readonly day: string; readonly skip: number } | undefined> {
  let before = 0;
  for (const segment of segments) {
    if (before + segment.count <= offset) {
      before += segment.count;
      continue;
    }
    if (grainOf(segment.period) === 'D') return { day: segment.period, skip: offset - before };
    const found = await locate(await finer(segment), offset - before, finer);
    // The finer counts add up to less than the period's own: they drifted (ledger:rebuild repairs them).
    if (!found) throw new Error(`The counts within ${segment.period} do not add up to its own count of ${segment.count}`);
    return found;
  }
  return undefined;
}

/** Where a list's counts are read from: its years (already read), the months of one year, the days of one month. */
export interface CountSource {
  readonly years: readonly Segment[];
  /** The counts of the months of `year` that overlap `from`–`to`, in date order. */
  readonly monthsOf: (year: string, from: string, to: string) => Promise<readonly Segment[]>;
  /** The counts of the days `from`–`to` (within one month), in date order. */
  readonly daysOf: (from: string, to: string) => Promise<readonly Segment[]>;
}

/** A list's counts within a date range: how many records it holds, and where the record at an offset lies. */
export interface RangeCounts {
  readonly total: number;
  /** The day of the record at `offset` (0-based, within the range) and how many records of that day come before it. */
  readonly locate: (offset: number) => Promise<{ readonly day: string; readonly skip: number } | undefined>;
}

/**
 * Counts a range: its whole years as they are, a year it cuts from that year's months within it, a month it cuts
 * from that month's days within it. A page then reads the years, at most two edge years' months and two edge
 * months' days, and to locate an offset, the months of one more year and the days of one more month.
 */
export async function countRange(source: CountSource, from: string, to: string): Promise<RangeCounts> {
  const daysWithin = (period: string, start: string, end: string) => {
    const within = clip(period, start, end);
    return source.daysOf(within.from, within.to);
  };
  const parts = await Promise.all(
    source.years
      .filter((year) => overlaps(year.period, from, to))
      .map(async (year): Promise<readonly Segment[]> => {
        if (covers(year.period, from, to)) return [year];
        const months = await source.monthsOf(year.period, from, to);
        return (await Promise.all(months.map((month) => (covers(month.period, from, to) ? [month] : daysWithin(month.period, from, to))))).flat();
      }),
  );
  const segments = parts.flat();
  // Only whole periods are made finer (a cut one is already), so the range keeps all of their months or days.
  const finer = (segment: Segment) => (grainOf(segment.period) === 'Y' ? source.monthsOf(segment.period, from, to) : daysWithin(segment.period, from, to));
  return { total: totalOf(segments), locate: (offset) => locate(segments, offset, finer) };
}
