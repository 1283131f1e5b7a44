/**
 * The dashboard reports' periods: this month, last month, this quarter, this (financial) year, last year or custom
 * dates, and the period before each one of the same kind, shown beside it. Pure calendar arithmetic on YYYY-MM-DD.
 */
import { addDays, dayBefore, fiscalYearStart } from '../platform/core/dates.ts';

export const PERIOD_PRESETS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'last_year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PRESET_LABELS: Readonly<Record<PeriodPreset, string>> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  this_year: 'This financial year',
  last_year: 'Last financial year',
  custom: 'Custom dates',
};

export interface Period {
  readonly from: string;
  readonly to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The first day of the month `months` after (or before) the month of `date`. */
export function monthStart(date: string, months = 0): string {
  const year = Number(date.slice(0, 4));
  const index = year * 12 + (Number(date.slice(5, 7)) - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}-01`;
}

/** Whole months from the month of `from` to the month of `to`. */
const monthsBetween = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/** A preset's dates as of `today`, in a business whose financial year starts in `fiscalStartMonth`. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string, fiscalStartMonth: number): Period {
  switch (preset) {
    case 'this_month':
      return { from: monthStart(today), to: dayBefore(monthStart(today, 1)) };
    case 'last_month':
      return { from: monthStart(today, -1), to: dayBefore(monthStart(today)) };
    case 'this_quarter': {
      const month = Number(today.slice(5, 7)) - 1;
      const from = monthStart(today, -(month % 3));
      return { from, to: dayBefore(monthStart(from, 3)) };
    }
    case 'this_year': {
      const from = fiscalYearStart(today, fiscalStartMonth);
      return { from, to: dayBefore(monthStart(from, 12)) };
    }
    case 'last_year': {
      const thisYear = fiscalYearStart(today, fiscalStartMonth);
      return { from: monthStart(thisYear, -12), to: dayBefore(thisYear) };
    }
  }
}

/**
 * The period before `period`, of the same kind: a run of whole months (a month, a quarter, a year) steps back by
 * as many months; any other run of days steps back by as many days.
 */
export function previousPeriod(period: Period): Period {
  const wholeMonths = period.from === monthStart(period.from) && addDays(period.to, 1) === monthStart(period.to, 1);
  if (wholeMonths) {
    const months = monthsBetween(period.from, period.to) + 1;
    return { from: monthStart(period.from, -months), to: dayBefore(period.from) };
  }
  const days = Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;
  return { from: addDays(period.from, -days), to: dayBefore(period.from) };
}
