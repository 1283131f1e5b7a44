import { describe, expect, it } from 'vitest';
import { categoryProblems, optionsNamed, periodRanges, tooManyOptions, trackingProblems, MAX_OPTIONS_PER_POSTING, type TrackingCategoryRecord } from '../../shared/ledger/tracking/tracking-rules.ts';
import { optionRows, optionTotals } from '../../shared/reports/by-option.ts';
import { trackingDeltas } from '../../shared/ledger/tracking/tracking-totals.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` as Id;
const category = (n: number, options: number[], archived = false): TrackingCategoryRecord => ({ id: id(n), name: `C${n}`, archived, options: options.map((option) => ({ id: id(option), name: `O${option}`, archived: option >= 90 })), created_at: 't', updated_at: 't' });

describe('the periods a report by option reads', () => {
  it('reads whole months as month items and only the partial months as days, never the history before', () => {
    expect(periodRanges('2026-05-01', '2026-05-31')).toEqual([{ grain: 'M', first: '2026-05', last: '2026-05' }]);
    expect(periodRanges('2026-05-04', '2026-05-20')).toEqual([{ grain: 'D', first: '2026-05-04', last: '2026-05-20' }]);
    expect(periodRanges('2026-05-01', '2026-05-20')).toEqual([{ grain: 'D', first: '2026-05-01', last: '2026-05-20' }]);
    expect(periodRanges('2026-05-04', '2026-06-10')).toEqual([{ grain: 'D', first: '2026-05-04', last: '2026-05-31' }, { grain: 'D', first: '2026-06-01', last: '2026-06-10' }]);
    expect(periodRanges('2025-11-15', '2026-02-28')).toEqual([{ grain: 'D', first: '2025-11-15', last: '2025-11-30' }, { grain: 'M', first: '2025-12', last: '2026-02' }]);
    expect(periodRanges('2024-01-01', '2024-02-29')).toEqual([{ grain: 'M', first: '2024-01', last: '2024-02' }]);
    expect(periodRanges('2026-06-01', '2026-05-31')).toEqual([]);
  });
});

describe('what a line may name', () => {
  const categories = [category(1, [11, 12, 91]), category(2, [21]), category(3, [31], true)];
  it('takes one active option of each active category, and names the line and field of each problem', () => {
    expect(trackingProblems(categories, [{ category_id: id(1), option_id: id(11) }, { category_id: id(2), option_id: id(21) }], 'lines[0]')).toEqual([]);
    const fields = (refs: { category_id: Id; option_id: Id }[]) => trackingProblems(categories, refs, 'lines[3]').map((problem) => problem.field);
    expect(fields([{ category_id: id(9), option_id: id(11) }])).toEqual(['lines[3].tracking[0].category_id']);
    expect(fields([{ category_id: id(1), option_id: id(21) }])).toEqual(['lines[3].tracking[0].option_id']);
    expect(fields([{ category_id: id(1), option_id: id(91) }])).toEqual(['lines[3].tracking[0].option_id']);
    expect(fields([{ category_id: id(3), option_id: id(31) }])).toEqual(['lines[3].tracking[0].category_id']);
    expect(fields([{ category_id: id(1), option_id: id(11) }, { category_id: id(1), option_id: id(12) }])).toEqual(['lines[3].tracking']);
    expect(trackingProblems(categories, [{ category_id: id(9), option_id: id(1) }], '')[0]!.field).toBe('tracking[0].category_id');
  });

  it('counts the options a posting names once each, and refuses more than the posting budget allows', () => {
    const lines = Array.from({ length: MAX_OPTIONS_PER_POSTING + 1 }, (_, index) => ({ tracking: [{ category_id: id(1), option_id: id(100 + index) }] }));
    expect(optionsNamed([...lines, ...lines])).toHaveLength(MAX_OPTIONS_PER_POSTING + 1);
    expect(tooManyOptions(lines.slice(1))).toBeNull();
    expect(tooManyOptions(lines)).toMatchObject({ field: 'lines' });
  });

  it('keeps two categories active, a hundred options each, and active names unique', () => {
    const third = category(4, [41]);
    expect(categoryProblems([category(1, [11]), category(2, [21]), third], third, 'name').map((problem) => problem.field)).toEqual(['name']);
    expect(categoryProblems([category(1, [11]), category(2, [21], true), third], third, 'name')).toEqual([]);
    const crowded = category(5, Array.from({ length: 101 }, (_, index) => 200 + index));
    expect(categoryProblems([crowded], crowded, 'name').map((problem) => problem.field)).toContain('options');
    const twins: TrackingCategoryRecord = { ...category(6, []), options: [{ id: id(1), name: 'North', archived: false }, { id: id(2), name: 'north', archived: false }] };
    expect(categoryProblems([twins], twins, 'archived').map((problem) => problem.field)).toEqual(['options[1].name']);
  });
});

describe('the profit and loss in columns', () => {
  const accounts = new Map([
    ['r', { id: 'r', code: '4000', name: 'Sales', type: 'revenue' as const }],
    ['e', { id: 'e', code: '5000', name: 'Costs', type: 'expense' as const }],
    ['b', { id: 'b', code: '1000', name: 'Bank', type: 'asset' as const }],
  ]);
  it("gives each row its options' amounts on the normal side and the unassigned rest, rows moved only within options included", () => {
    const total = new Map([['r', -240n], ['e', 140n], ['b', 100n]]);
    const byOption = new Map([['k', new Map([['r', -90n], ['e', 80n]])], ['f', new Map([['r', 50n], ['e', -50n]])]]);
    const income = optionRows(total, byOption, ['k', 'f'], accounts, ['revenue']);
    expect(income).toEqual([{ account_id: 'r', code: '4000', name: 'Sales', amount: 240n, by_option: [{ option_id: 'k', amount: 90n }, { option_id: 'f', amount: -50n }, { option_id: null, amount: 200n }] }]);
    const expenses = optionRows(new Map([['e', 0n]]), new Map([['k', new Map([['e', 10n]])], ['f', new Map([['e', -10n]])]]), ['k', 'f'], accounts, ['expense']);
    expect(expenses[0]!.by_option.map((column) => column.amount)).toEqual([10n, -10n, 0n]);
    expect(optionTotals(income, expenses, ['k', 'f', null])).toEqual([
      { option_id: 'k', totalIncome: 90n, totalExpenses: 10n, netProfit: 80n },
      { option_id: 'f', totalIncome: -50n, totalExpenses: -10n, netProfit: -40n },
      { option_id: null, totalIncome: 200n, totalExpenses: 0n, netProfit: 200n },
    ]);
  });

  it("moves each option by its own lines alone, in the entry's currency and in the home currency", () => {
    const k = { category_id: id(1), option_id: id(11) };
    const p = { category_id: id(2), option_id: id(21) };
    const deltas = trackingDeltas({ currency: 'EUR', exchange_rate: '1.5' as never, lines: [{ account_id: id(7), debit: 0, credit: 100, tracking: [k, p] }, { account_id: id(8), debit: 0, credit: 20, tracking: [k] }, { account_id: id(9), debit: 120, credit: 0 }] }, 'USD');
    expect(deltas).toEqual([
      { ref: k, deltas: { [`b:${id(7)}:EUR`]: -100, [`h:${id(7)}`]: -150, [`b:${id(8)}:EUR`]: -20, [`h:${id(8)}`]: -30 } },
      { ref: p, deltas: { [`b:${id(7)}:EUR`]: -100, [`h:${id(7)}`]: -150 } },
    ]);
  });
});
