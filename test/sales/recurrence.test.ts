import { describe, expect, it } from 'vitest';
import { addDays, dueOccurrences, occurrenceDate, planOccurrences, type Recurrence } from '../../shared/sales/recurring/recurrence.ts';

const schedule = (overrides: Partial<Recurrence>): Recurrence => ({ frequency: 'monthly', interval: 1, start_date: '2027-01-31', end_date: null, count: null, ...overrides });
const dates = (recurrence: Recurrence, count: number) => Array.from({ length: count }, (_, index) => occurrenceDate(recurrence, index));

describe('occurrence dates', () => {
  it('a monthly schedule started on the 31st runs on the last day of shorter months and back on the 31st', () => {
    expect(dates(schedule({}), 13)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31', '2028-01-31']);
    expect(dates(schedule({ start_date: '2027-12-31' }), 3)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29']);
  });

  it('on the 29th and 30th, only February moves', () => {
    expect(dates(schedule({ start_date: '2027-01-29' }), 4)).toEqual(['2027-01-29', '2027-02-28', '2027-03-29', '2027-04-29']);
    expect(dates(schedule({ start_date: '2028-01-30' }), 3)).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
  });

  it('every n months, weeks or years, from the start date', () => {
    expect(dates(schedule({ interval: 3, start_date: '2027-11-30' }), 4)).toEqual(['2027-11-30', '2028-02-29', '2028-05-30', '2028-08-30']);
    expect(dates(schedule({ frequency: 'weekly', interval: 2, start_date: '2027-12-20' }), 3)).toEqual(['2027-12-20', '2028-01-03', '2028-01-17']);
    expect(dates(schedule({ frequency: 'yearly', start_date: '2028-02-29' }), 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('stop at the count or after the end date', () => {
    expect(dates(schedule({ count: 2 }), 3)).toEqual(['2027-01-31', '2027-02-28', null]);
    expect(dates(schedule({ end_date: '2027-03-30' }), 3)).toEqual(['2027-01-31', '2027-02-28', null]);
    expect(dates(schedule({ end_date: '2027-03-31' }), 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(occurrenceDate(schedule({}), -1)).toBeNull();
  });

  it('addDays crosses months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 30)).toBe('2028-01-30');
  });
});

describe('the occurrences a run posts', () => {
  it('are those due by the day, from where the schedule is', () => {
    expect(dueOccurrences(schedule({}), 0, '2027-04-29')).toEqual([
      { index: 0, date: '2027-01-31' },
      { index: 1, date: '2027-02-28' },
      { index: 2, date: '2027-03-31' },
    ]);
    expect(dueOccurrences(schedule({}), 3, '2027-04-29')).toEqual([]);
    expect(dueOccurrences(schedule({}), 3, '2027-04-30')).toEqual([{ index: 3, date: '2027-04-30' }]);
  });

  it('at a start or resume, only the 12 latest; the daily job, all of them', () => {
    const weekly = schedule({ frequency: 'weekly', start_date: '2027-01-04' });
    const catchUp = planOccurrences(weekly, 0, '2027-05-03', { catchUp: true, paused: null });
    expect(catchUp).toHaveLength(18);
    expect(catchUp.filter((step) => step.skip === 'older').map((step) => step.occurrence.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(catchUp.slice(6).every((step) => step.skip === null)).toBe(true);
    expect(planOccurrences(weekly, 0, '2027-05-03', { catchUp: false, paused: null }).every((step) => step.skip === null)).toBe(true);
    // From further on, the same occurrences keep the same fate: a run stopped half-way decides the same again.
    expect(planOccurrences(weekly, 3, '2027-05-03', { catchUp: true, paused: null }).map((step) => step.skip)).toEqual(catchUp.slice(3).map((step) => step.skip));
  });

  it('skip what fell due while paused, up to (not at) the day of the resume', () => {
    const plan = planOccurrences(schedule({ start_date: '2027-01-10' }), 0, '2027-04-10', { catchUp: true, paused: { from: '2027-02-01', until: '2027-04-10' } });
    expect(plan.map((step) => [step.occurrence.date, step.skip])).toEqual([
      ['2027-01-10', null],
      ['2027-02-10', 'paused'],
      ['2027-03-10', 'paused'],
      ['2027-04-10', null],
    ]);
  });
});
