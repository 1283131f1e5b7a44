/**
 * The tax return in the dashboard (Reports → Tax summary): the API's tax summary for the period as one table (a row
 * per tax rate, its sales and purchases, net and tax, then the return's totals) and one chart, in the home currency.
 */
import type { Id } from '../../platform/core/ids.ts';
import { taxSummary } from '../../ledger/index.ts';
import type { Basis, Period } from '../../ledger/index.ts';
import { periodName, type ReportPage } from './report-figures.ts';
import type { ReportRow } from './report-tables.ts';

export async function taxSummaryPage(businessId: Id, period: Period, basis: Basis): Promise<ReportPage> {
  const summary = await taxSummary(businessId, { from: period.from, to: period.to, basis });
  const { totals } = summary;
  const rows: ReportRow[] = [
    { label: 'Tax rates', values: [null, null, null, null], kind: 'heading' },
    ...summary.rates.map((rate): ReportRow => ({ label: `${rate.name} (${rate.rate}%, ${rate.kind.replace(/_/g, ' ')})`, values: [rate.sales.net, rate.sales.tax, rate.purchases.net, rate.purchases.tax], kind: 'line' })),
    { label: 'Output tax', values: [null, totals.output_tax, null, null], kind: 'total' },
    { label: 'Input tax', values: [null, null, null, totals.input_tax], kind: 'total' },
    { label: 'Of which reverse charge (self-assessed)', values: [null, totals.reverse_charge_tax, null, totals.reverse_charge_tax], kind: 'line' },
    { label: 'Net payable', values: [null, totals.net_payable, null, null], kind: 'total' },
  ];
  return {
    table: { caption: `Tax summary, ${periodName(period)}, in ${summary.currency}, ${basis} basis`, currency: summary.currency, columns: ['Tax rate', 'Sales net', 'Sales tax', 'Purchases net', 'Purchases tax'], rows },
    chart: {
      title: `Output tax, input tax and net payable in ${summary.currency}`,
      description: `${periodName(period)}: output tax ${totals.output_tax}, input tax ${totals.input_tax}, net payable ${totals.net_payable}.`,
      categories: ['Output tax', 'Input tax', 'Net payable'],
      series: [{ name: periodName(period), values: [totals.output_tax, totals.input_tax, totals.net_payable] }],
    },
    views: ['base'],
    homeCurrency: summary.currency,
  };
}
