/**
 * When a recurring invoice falls due, and which of its due occurrences are posted or skipped. Pure: dates are
 * ISO calendar dates (UTC), occurrences are numbered from 0 (the start date), and nothing here reads a clock.
 */

export type Frequency = 'weekly' | 'monthly' | 'yearly';

export interface Recurrence {
  readonly frequency: Frequency;
  /** Every `interval` weeks, months or years (1 to 12). */
  readonly interval: number;
  readonly start_date: string;
  /** No occurrence after this date. */
  readonly end_date: string | null;
  /** No more than this many occurrences. */
  readonly count: number | null;
}

const MS_PER_DAY = 24 * 3600 * 1000;
const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (date: Date) => date.toISOString().slice(0, 10);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

export function addDays(date: string, days: number): string {
  return format(new Date(parse(date).getTime() + days * MS_PER_DAY));
}

/**
 * Occurrence `index`'s date, or null past the schedule's end. Months and years count from the start date, so a
 * schedule started on the 31st runs on the last day of each shorter month and back on the 31st after it (and one
 * started on 29 February on the 28th in other years).
 */
export function occurrenceDate(recurrence: Recurrence, index: number): string | null {
  if (index < 0 || (recurrence.count !== null && index >= recurrence.count)) return null;
  const start = parse(recurrence.start_date);
  let date: string;
  if (recurrence.frequency === 'weekly') {
    date = addDays(recurrence.start_date, 7 * recurrence.interval * index);
  } else {
    const months = (recurrence.frequency === 'monthly' ? 1 : 12) * recurrence.interval * index;
    const monthIndex = start.getUTCMonth() + months;
    const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    date = format(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), daysInMonth(year, month)))));
  }
  return recurrence.end_date !== null && date > recurrence.end_date ? null : date;
}

export interface Occurrence {
  readonly index: number;
  readonly date: string;
}

/** The occurrences from `fromIndex` on that are due by `today` (dated on or before it), in order. */
export function dueOccurrences(recurrence: Recurrence, fromIndex: number, today: string): Occurrence[] {
  const due: Occurrence[] = [];
  for (let index = fromIndex; ; index++) {
    const date = occurrenceDate(recurrence, index);
    if (date === null || date > today) return due;
    due.push({ index, date });
  }
}

/** Why an occurrence was not posted: before the 12 latest at a start or resume, while paused, or in a locked period. */
export type SkipReason = 'older' | 'paused' | 'locked' | 'refused';

/** At a start or a resume, only this many of the occurrences already due are posted: the latest. */
export const CATCH_UP_LIMIT = 12;

export interface SkipRules {
  /** A start or resume: occurrences due before the `CATCH_UP_LIMIT` latest are skipped. */
  readonly catchUp: boolean;
  /** Occurrences dated from `from` up to (not at) `until` fell due while the schedule was paused. */
  readonly paused: { readonly from: string; readonly until: string } | null;
}

/** The occurrences due by `today` from `fromIndex`, each posted or skipped with its reason (locked ones are found when posted). */
export function planOccurrences(recurrence: Recurrence, fromIndex: number, today: string, rules: SkipRules): { readonly occurrence: Occurrence; readonly skip: SkipReason | null }[] {
  const due = dueOccurrences(recurrence, fromIndex, today);
  const firstPosted = rules.catchUp ? Math.max(0, due.length - CATCH_UP_LIMIT) : 0;
  return due.map((occurrence, position) => {
    if (rules.paused && occurrence.date >= rules.paused.from && occurrence.date < rules.paused.until) return { occurrence, skip: 'paused' };
    if (position < firstPosted) return { occurrence, skip: 'older' };
    return { occurrence, skip: null };
  });
}
