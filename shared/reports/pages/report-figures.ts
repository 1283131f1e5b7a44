/**
 * What each dashboard report shows: the API's report for the period and for the one before it, in the home
 * currency (`base`, the books of record) or one currency of the postings, as one table (`report-tables.ts`) and
 * one chart. Every figure comes from the same reads as the API's reports: bounded by the period totals and the open
 * documents, never by the history.
 */
import { agedReport } from '../aged-reports.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { Basis, Period } from '../../ledger/index.ts';
import { balanceSheetReport, profitAndLossReport, profitByOptionReport, trialBalance } from '../reports.ts';
import type { BarChart } from '../../platform/web/charts.ts';
import { numberOfFigure, sectionRows, type Figure, type ReportRow, type ReportTable } from './report-tables.ts';

/** Which block of a report is shown: the home currency's (`base`) or one posting currency's. */
export type ReportView = 'base' | string;

export interface ReportPage {
  readonly table: ReportTable;
  readonly chart: BarChart;
  /** The views the report has: `base` and each currency with postings. */
  readonly views: readonly string[];
  readonly homeCurrency: string;
}

const pick = <B extends { readonly currency: string }>(report: { readonly base: B; readonly currencies: readonly B[] }, view: ReportView): B | undefined => (view === 'base' ? report.base : report.currencies.find((block) => block.currency === view));
/** `base`, then each other currency with postings (the home currency's own block is what `base` shows). */
const viewsOf = (...reports: { readonly base: { readonly currency: string }; readonly currencies: readonly { readonly currency: string }[] }[]) => ['base', ...new Set(reports.flatMap((report) => report.currencies.map((block) => block.currency)).filter((currency) => currency !== reports[0]?.base.currency))];

export const periodName = (period: Period) => `${period.from} to ${period.to}`;

export async function profitAndLossPage(businessId: Id, period: Period, previous: Period, view: ReportView, basis: Basis = 'accrual'): Promise<ReportPage> {
  const [now, before] = await Promise.all([profitAndLossReport(businessId, period.from, period.to, basis), profitAndLossReport(businessId, previous.from, previous.to, basis)]);
  const currency = view === 'base' ? now.base.currency : view;
  const empty = { currency, income: [], expenses: [], total_income: 0, total_expenses: 0, net_profit: 0 };
  const [a, b] = [pick(now, view) ?? empty, pick(before, view) ?? empty];
  const rows: ReportRow[] = [
    ...sectionRows('Income', a.income, b.income, 'Total income', [a.total_income, b.total_income]),
    ...sectionRows('Expenses', a.expenses, b.expenses, 'Total expenses', [a.total_expenses, b.total_expenses]),
    { label: 'Net profit', values: [a.net_profit, b.net_profit], kind: 'total' },
  ];
  const figures = (block: typeof a) => [block.total_income, block.total_expenses, block.net_profit].map(numberOfFigure);
  return {
    table: { caption: `Profit and loss, ${periodName(period)}, in ${currency}, ${basis} basis`, currency, columns: ['Account', periodName(period), periodName(previous)], rows },
    chart: {
      title: `Income, expenses and net profit in ${currency}`,
      description: `This period (${periodName(period)}): income ${numberOfFigure(a.total_income)}, expenses ${numberOfFigure(a.total_expenses)}, net profit ${numberOfFigure(a.net_profit)}. Previous period (${periodName(previous)}): income ${numberOfFigure(b.total_income)}, expenses ${numberOfFigure(b.total_expenses)}, net profit ${numberOfFigure(b.net_profit)}.`,
      categories: ['Income', 'Expenses', 'Net profit'],
      series: [
        { name: 'This period', values: figures(a) },
        { name: 'Previous period', values: figures(b) },
      ],
    },
    views: viewsOf(now, before),
    homeCurrency: now.base.currency,
  };
}

/**
 * The profit and loss of a period in columns, one per option of a tracking category, then the lines that name
 * none, then the total (accrual basis): the API's report by tracking, as one table and a chart of each column's
 * net profit.
 */
export async function profitByOptionPage(businessId: Id, period: Period, view: ReportView, categoryId: Id): Promise<ReportPage> {
  const report = await profitByOptionReport(businessId, period.from, period.to, categoryId);
  const currency = view === 'base' ? report.base.currency : view;
  const block = pick(report, view);
  const columns = report.base.columns ?? [];
  type Row = { readonly code: string | null; readonly name: string; readonly amount: Figure; readonly by_option?: readonly { readonly amount: Figure }[] | undefined };
  const line = (row: Row): ReportRow => ({ label: `${row.code ? `${row.code} ` : ''}${row.name}`, values: [...(row.by_option ?? columns.map(() => ({ amount: 0 }))).map((column) => column.amount), row.amount], kind: 'line' });
  const totals = block?.by_option ?? columns.map(() => ({ total_income: 0, total_expenses: 0, net_profit: 0 }));
  const total = (label: string, figure: 'total_income' | 'total_expenses' | 'net_profit'): ReportRow => ({ label, values: [...totals.map((column) => column[figure]), block?.[figure] ?? 0], kind: 'total' });
  const rows: ReportRow[] = [
    { label: 'Income', values: [...columns.map(() => null), null], kind: 'heading' },
    ...(block?.income ?? []).map(line),
    total('Total income', 'total_income'),
    { label: 'Expenses', values: [...columns.map(() => null), null], kind: 'heading' },
    ...(block?.expenses ?? []).map(line),
    total('Total expenses', 'total_expenses'),
    total('Net profit', 'net_profit'),
  ];
  const name = report.tracking?.category_name ?? 'option';
  return {
    table: { caption: `Profit and loss by ${name}, ${periodName(period)}, in ${currency}, accrual basis`, currency, columns: ['Account', ...columns.map((column) => column.name), 'Total'], rows },
    chart: {
      title: `Net profit by ${name} in ${currency}`,
      description: `${periodName(period)}: ${columns.map((column, index) => `${column.name} ${numberOfFigure(totals[index]?.net_profit ?? 0)}`).join(', ')}.`,
      categories: columns.map((column) => column.name),
      series: [{ name: 'Net profit', values: totals.map((column) => numberOfFigure(column.net_profit)) }],
    },
    views: viewsOf(report),
    homeCurrency: report.base.currency,
  };
}

export async function balanceSheetPage(businessId: Id, asOf: string, previousAsOf: string, fiscalStartMonth: number, view: ReportView): Promise<ReportPage> {
  const [now, before] = await Promise.all([balanceSheetReport(businessId, asOf, fiscalStartMonth), balanceSheetReport(businessId, previousAsOf, fiscalStartMonth)]);
  const currency = view === 'base' ? now.base.currency : view;
  const empty = { currency, assets: [], liabilities: [], equity: [], total_assets: 0, total_liabilities: 0, total_equity: 0 };
  const [a, b] = [pick(now, view) ?? empty, pick(before, view) ?? empty];
  const rows: ReportRow[] = [
    ...sectionRows('Assets', a.assets, b.assets, 'Total assets', [a.total_assets, b.total_assets]),
    ...sectionRows('Liabilities', a.liabilities, b.liabilities, 'Total liabilities', [a.total_liabilities, b.total_liabilities]),
    ...sectionRows('Equity', a.equity, b.equity, 'Total equity', [a.total_equity, b.total_equity]),
  ];
  const figures = (block: typeof a) => [block.total_assets, block.total_liabilities, block.total_equity].map(numberOfFigure);
  return {
    table: { caption: `Balance sheet as of ${asOf}, in ${currency}`, currency, columns: ['Account', `As of ${asOf}`, `As of ${previousAsOf}`], rows },
    chart: {
      title: `Assets, liabilities and equity in ${currency}`,
      description: `As of ${asOf}: assets ${numberOfFigure(a.total_assets)}, liabilities ${numberOfFigure(a.total_liabilities)}, equity ${numberOfFigure(a.total_equity)}. As of ${previousAsOf}: assets ${numberOfFigure(b.total_assets)}, liabilities ${numberOfFigure(b.total_liabilities)}, equity ${numberOfFigure(b.total_equity)}.`,
      categories: ['Assets', 'Liabilities', 'Equity'],
      series: [
        { name: `As of ${asOf}`, values: figures(a) },
        { name: `As of ${previousAsOf}`, values: figures(b) },
      ],
    },
    views: viewsOf(now, before),
    homeCurrency: now.base.currency,
  };
}

export async function trialBalancePage(businessId: Id, asOf: string, view: ReportView): Promise<ReportPage> {
  const report = await trialBalance(businessId, asOf);
  const currency = view === 'base' ? report.base.currency : view;
  const block = pick(report, view) ?? { currency, accounts: [], total_debit: 0, total_credit: 0 };
  const byType = new Map<string, [number, number]>();
  for (const account of block.accounts) {
    const type = account.type ?? 'other';
    const [debit, credit] = byType.get(type) ?? [0, 0];
    byType.set(type, [debit + numberOfFigure(account.debit), credit + numberOfFigure(account.credit)]);
  }
  const types = [...byType.keys()];
  return {
    table: {
      caption: `Trial balance as of ${asOf}, in ${currency}`,
      currency,
      columns: ['Account', 'Debit', 'Credit'],
      rows: [...block.accounts.map((account): ReportRow => ({ label: `${account.code ? `${account.code} ` : ''}${account.name ?? account.account_id}`, values: [account.debit, account.credit], kind: 'line', href: `/dashboard/reports/general-ledger?${new URLSearchParams({ account_id: account.account_id, to: asOf })}` })), { label: 'Totals', values: [block.total_debit, block.total_credit], kind: 'total' }],
    },
    chart: {
      title: `Debits and credits by account type in ${currency}`,
      description: `As of ${asOf}: ${types.map((type) => `${type} debits ${byType.get(type)![0]}, credits ${byType.get(type)![1]}`).join('; ') || 'nothing posted'}. Total debits ${numberOfFigure(block.total_debit)}, total credits ${numberOfFigure(block.total_credit)}.`,
      categories: types,
      series: [
        { name: 'Debits', values: types.map((type) => byType.get(type)![0]) },
        { name: 'Credits', values: types.map((type) => byType.get(type)![1]) },
      ],
    },
    views: viewsOf(report),
    homeCurrency: report.base.currency,
  };
}

const AGES = [
  ['current', 'Current'],
  ['d1_30', '1–30 days'],
  ['d31_60', '31–60 days'],
  ['d61_90', '61–90 days'],
  ['over_90', 'Over 90 days'],
] as const;

/**
 * Aged receivables or payables in one currency of the documents (aged reports keep each currency apart; `base`
 * shows the home currency's documents), each party's row leading to its open documents.
 */
export async function agedPage(businessId: Id, side: 'receivables' | 'payables', asOf: string, view: ReportView, documentsOf: (partyId: string) => string): Promise<ReportPage> {
  const report = await agedReport(businessId, side, asOf);
  const currency = view === 'base' ? report.base_currency : view;
  const block = report.currencies.find((candidate) => candidate.currency === currency);
  const zero = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0, total: 0 };
  const totals = block?.totals ?? zero;
  const ages = (figures: Record<(typeof AGES)[number][0] | 'total', Figure>) => [...AGES.map(([key]) => figures[key]), figures.total];
  const title = side === 'receivables' ? 'Aged receivables' : 'Aged payables';
  return {
    table: {
      caption: `${title} as of ${asOf}, in ${currency}`,
      currency,
      columns: [side === 'receivables' ? 'Customer' : 'Vendor', ...AGES.map(([, label]) => label), 'Total'],
      rows: [...(block?.parties ?? []).map((party): ReportRow => ({ label: party.name, values: ages(party), kind: 'line', href: documentsOf(party.party_id) })), { label: 'Totals', values: ages(totals), kind: 'total' }],
    },
    chart: {
      title: `${title} by age in ${currency}`,
      description: `As of ${asOf}: ${AGES.map(([key, label]) => `${label} ${numberOfFigure(totals[key])}`).join(', ')}; total ${numberOfFigure(totals.total)}.`,
      categories: AGES.map(([, label]) => label),
      series: [{ name: 'Due', values: AGES.map(([key]) => numberOfFigure(totals[key])) }],
    },
    views: ['base', ...report.currencies.map((candidate) => candidate.currency).filter((code) => code !== report.base_currency)],
    homeCurrency: report.base_currency,
  };
}
