import { describe, expect, it } from 'vitest';
import { axisStep, barChartSvg } from '../../shared/platform/web/charts.ts';
import { csvOf, sectionRows } from '../../shared/reports/pages/report-tables.ts';
import { monthStart, presetPeriod, previousPeriod } from '../../shared/ledger/report-periods.ts';
import { ExactDecimal } from '../../shared/platform/core/money.ts';

describe('report periods', () => {
  it('name this and last month, this quarter, and this and last financial year as of a day', () => {
    expect(presetPeriod('this_month', '2026-02-14', 1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('last_month', '2026-01-14', 1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('this_quarter', '2026-11-24', 1)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(presetPeriod('this_year', '2026-11-24', 4)).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(presetPeriod('this_year', '2026-02-10', 4)).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(presetPeriod('last_year', '2026-11-24', 1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('step back by whole months when a period is whole months, else by its days', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' })).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2025-04-01', to: '2026-03-31' })).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    expect(previousPeriod({ from: '2026-03-10', to: '2026-03-16' })).toEqual({ from: '2026-03-03', to: '2026-03-09' });
    expect(monthStart('2026-12-15', 1)).toBe('2027-01-01');
    expect(monthStart('2026-01-15', -1)).toBe('2025-12-01');
  });
});

describe('report tables', () => {
  it('put each account of either period on one row with both figures, then the total', () => {
    const rows = sectionRows('Income', [{ account_id: 'a', code: '4000', name: 'Sales', amount: 10 }], [{ account_id: 'b', code: '4100', name: 'Fees', amount: 3 }, { account_id: 'a', code: '4000', name: 'Sales', amount: 7 }], 'Total income', [10, 10]);
    expect(rows).toEqual([
      { label: 'Income', values: [null, null], kind: 'heading' },
      { label: '4000 Sales', values: [10, 7], kind: 'line' },
      { label: '4100 Fees', values: [0, 3], kind: 'line' },
      { label: 'Total income', values: [10, 10], kind: 'total' },
    ]);
  });

  it('write CSV by RFC 4180 with every digit, and keep text a spreadsheet would run as text', () => {
    const csv = csvOf({ caption: 'x', currency: 'JPY', columns: ['Customer', 'Total'], rows: [{ label: '=SUM(A1)', values: [1200], kind: 'line' }, { label: 'Comma, "quoted"', values: [new ExactDecimal('90071992547409930')], kind: 'line' }, { label: '-5 refund', values: [-5], kind: 'total' }] });
    expect(csv).toBe("Customer,Total\r\n'=SUM(A1),1200\r\n\"Comma, \"\"quoted\"\"\",90071992547409930\r\n'-5 refund,-5\r\n");
  });
});

describe('charts', () => {
  it('choose round axis steps', () => {
    expect(axisStep(330)).toBe(100);
    expect(axisStep(0.8)).toBe(0.2);
    expect(axisStep(45_000)).toBe(20_000);
    expect(axisStep(0)).toBe(1);
  });

  it('draw an image with its title and description, one bar per series and category, every text escaped, negative bars below the axis', () => {
    const svg = barChartSvg({ title: 'Income <and> costs', description: 'A & B', categories: ['Income', 'Net'], series: [{ name: 'Now', values: [450, -120] }, { name: 'Before', values: [200, 80] }] }, 'c1');
    expect(svg).toMatch(/^<svg class="chart" viewBox="0 0 640 260" role="img" aria-labelledby="c1-title c1-desc"/);
    expect(svg).toContain('<title id="c1-title">Income &lt;and&gt; costs</title><desc id="c1-desc">A &amp; B</desc>');
    expect((svg.match(/<title>Now, /g) ?? []).length).toBe(2);
    expect((svg.match(/<title>Before, /g) ?? []).length).toBe(2);
    const negative = /<rect class="series-0" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"><title>Now, Net: -120<\/title>/.exec(svg)!;
    const axis = Number(/<line class="axis" x1="\d+" x2="\d+" y1="([\d.]+)"/.exec(svg)![1]);
    expect(Number(negative[1])).toBeCloseTo(axis, 0);
    expect(Number(negative[2])).toBeGreaterThan(0);
  });
});
