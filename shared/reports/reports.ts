import type { Id } from '../platform/core/ids.ts';
import { exactMajor } from '../platform/core/money.ts';
import { accountStore, balancesAsOf, balancesDifference, byCode, homeCurrencyOf, optionMovements, readTrackingCategories, sides } from '../ledger/index.ts';
import type { AccountRecord, Balances, Basis, TrackingCategoryRecord } from '../ledger/index.ts';
import { dayBefore, fiscalYearStart } from '../platform/core/dates.ts';
import { RuleViolation } from '../platform/core/errors.ts';
import { optionRows, optionTotals, type OptionRow } from './by-option.ts';
import { balanceSheet, currencyBlockLabel, HOME_BLOCK_LABEL, profitAndLoss, type StatementLine } from './statements.ts';

type NetsOfAccounts = ReadonlyMap<string, bigint>;

/** One block of the trial balance: every account's net debit or credit in one currency. */
function trialBalanceBlock(currency: string, perAccount: NetsOfAccounts, byId: ReadonlyMap<string, AccountRecord>, label: string) {
  const rows = [...perAccount.entries()]
    .filter(([, net]) => net !== 0n)
    .map(([accountId, net]) => ({ account: byId.get(accountId), accountId, net }))
    .sort((a, b) => (a.account && b.account ? byCode(a.account, b.account) : a.accountId.localeCompare(b.accountId)));
  const totals = sides(rows.map((row) => row.net));
  return {
    currency,
    label,
    accounts: rows.map((row) => ({
      account_id: row.accountId,
      code: row.account?.code ?? null,
      name: row.account?.name ?? null,
      type: row.account?.type ?? null,
      debit: exactMajor(row.net > 0n ? row.net : 0n, currency),
      credit: exactMajor(row.net < 0n ? -row.net : 0n, currency),
    })),
    total_debit: exactMajor(totals.debit, currency),
    total_credit: exactMajor(totals.credit, currency),
  };
}

/**
 * The trial balance as of a date: every account's net debit or credit over the entries dated up to it, per
 * currency (amounts of different currencies are never added together) and, in `base`, in the home currency over
 * all of them: the books of record. Read from the period totals the postings keep; each block's debits equal its
 * credits; every sum is exact (BigInt), however large the books.
 */
export async function trialBalance(businessId: Id, asOf: string) {
  const home = homeCurrencyOf(businessId);
  const [balances, accounts, homeCurrency] = await Promise.all([balancesAsOf(businessId, asOf, home), chartById(businessId), home]);
  const currencies = [...balances.byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, perAccount]) => trialBalanceBlock(currency, perAccount, accounts, currencyBlockLabel(currency)));
  return { as_of: asOf, currencies, base: trialBalanceBlock(homeCurrency, balances.home, accounts, HOME_BLOCK_LABEL) };
}

const chartById = async (businessId: Id) => new Map((await accountStore.all(businessId)).map((account) => [account.id as string, account]));

function statementLines(lines: readonly StatementLine[], currency: string) {
  return lines.map((line) => ({ account_id: line.account_id, code: line.code, name: line.name, amount: exactMajor(line.amount, currency) }));
}

/** The same statement of the home-currency balances, as one block: empty figures when nothing is booked. */
const inHome = <B>(homeCurrency: string, home: NetsOfAccounts, blocks: (nets: Map<string, Map<string, bigint>>) => B[], empty: B): B => blocks(new Map([[homeCurrency, new Map(home)]]))[0] ?? empty;

function profitAndLossBlock(block: ReturnType<typeof profitAndLoss>[number], label = currencyBlockLabel(block.currency)) {
  return {
    currency: block.currency,
    label,
    income: statementLines(block.income, block.currency),
    expenses: statementLines(block.expenses, block.currency),
    total_income: exactMajor(block.totalIncome, block.currency),
    total_expenses: exactMajor(block.totalExpenses, block.currency),
    net_profit: exactMajor(block.netProfit, block.currency),
  };
}

/** A profit and loss by tracking: columns per option of a category, or only one option's lines. */
export type TrackingView = { readonly categoryId: Id } | { readonly optionId: Id };
type OptionView = { readonly optionId: Id };

/**
 * Income and expenses from `from` to `to`, inclusive: the balances at the end of `to` less those at the end of
 * the day before `from`, per currency and in the home currency, on the accrual or the cash basis. By tracking
 * (accrual), the options' own totals over the period are read beside them (`optionMovements`): a column each and
 * the unassigned rest, or one option's movement alone.
 */
export async function profitAndLossReport(businessId: Id, from: string, to: string, basis: Basis = 'accrual', tracking?: TrackingView) {
  if (tracking && 'categoryId' in tracking) return profitByOptionReport(businessId, from, to, tracking.categoryId);
  const filter: OptionView | undefined = tracking;
  const { movement, accounts, homeCurrency, category, options } = await readProfitAndLoss(businessId, from, to, basis, filter);
  if (!category || !filter) return statementOf(from, to, basis, movement, accounts, homeCurrency);
  const only = options.get(filter.optionId) ?? { byCurrency: new Map(), home: new Map() };
  const option = category.record.options.find((candidate) => candidate.id === filter.optionId)!;
  return { ...statementOf(from, to, basis, only, accounts, homeCurrency), tracking: { category_id: category.record.id, category_name: category.record.name, option_id: option.id, option_name: option.name } };
}

/** The profit and loss in columns: one per option of the category, then "Unassigned" (what no option of it names); accrual. */
export async function profitByOptionReport(businessId: Id, from: string, to: string, categoryId: Id) {
  const { movement, accounts, homeCurrency, category, options } = await readProfitAndLoss(businessId, from, to, 'accrual', { categoryId });
  const { record } = category!;
  const report = statementOf(from, to, 'accrual', movement, accounts, homeCurrency);
  const columns = [...record.options.map((option) => ({ option_id: option.id as string | null, name: option.name })), { option_id: null, name: 'Unassigned' }];
  const ids = record.options.map((option) => option.id as string);
  const inColumns = <B extends { readonly currency: string }>(block: B, nets: (balances: Balances) => ReadonlyMap<string, bigint> | undefined) => {
    const total = nets(movement) ?? new Map<string, bigint>();
    const byOption = new Map([...options].map(([option, balances]) => [option, nets(balances) ?? new Map<string, bigint>()]));
    const income = optionRows(total, byOption, ids, accounts, ['revenue']);
    const expenses = optionRows(total, byOption, ids, accounts, ['expense']);
    const major = (amount: bigint) => exactMajor(amount, block.currency);
    const row = (line: OptionRow) => ({ account_id: line.account_id, code: line.code, name: line.name, amount: major(line.amount), by_option: line.by_option.map((each) => ({ option_id: each.option_id, amount: major(each.amount) })) });
    const totals = optionTotals(income, expenses, columns.map((column) => column.option_id));
    return { ...block, columns, income: income.map(row), expenses: expenses.map(row), by_option: totals.map((each) => ({ option_id: each.option_id, total_income: major(each.totalIncome), total_expenses: major(each.totalExpenses), net_profit: major(each.netProfit) })) };
  };
  return {
    ...report,
    tracking: { category_id: record.id, category_name: record.name, option_id: null, option_name: null },
    currencies: report.currencies.map((block) => inColumns(block, (balances) => balances.byCurrency.get(block.currency))),
    base: inColumns(report.base, (balances) => balances.home),
  };
}

/**
 * What a profit and loss reads, side by side: the period totals at both ends, the chart, the home currency and, by
 * tracking, the categories item and the options' totals of the period (by category at once; for one option, once
 * its category is known).
 */
async function readProfitAndLoss(businessId: Id, from: string, to: string, basis: Basis, tracking: TrackingView | undefined) {
  const home = homeCurrencyOf(businessId);
  const categories = tracking ? readTrackingCategories(businessId) : Promise.resolve([]);
  const categoryRead = categories.then((all) => trackedCategory(all, tracking));
  const movements = tracking && 'categoryId' in tracking ? optionMovements(businessId, tracking.categoryId, from, to, home) : categoryRead.then((found) => (found ? optionMovements(businessId, found.record.id, from, to, home) : new Map<string, Balances>()));
  const [closing, opening, accounts, homeCurrency, category, options] = await Promise.all([balancesAsOf(businessId, to, home, basis), balancesAsOf(businessId, dayBefore(from), home, basis), chartById(businessId), home, categoryRead, movements]);
  return { movement: balancesDifference(closing, opening), accounts, homeCurrency, category, options };
}

/** The category a report by tracking is of: the one named, or the one holding the option named; a 400 naming the query's field when none is. */
function trackedCategory(categories: readonly TrackingCategoryRecord[], tracking: TrackingView | undefined): { readonly record: TrackingCategoryRecord } | undefined {
  if (!tracking) return undefined;
  const record = 'categoryId' in tracking ? categories.find((category) => category.id === tracking.categoryId) : categories.find((category) => category.options.some((option) => option.id === tracking.optionId));
  if (!record) throw RuleViolation.of('categoryId' in tracking ? 'tracking_category_id' : 'tracking_option_id', 'does not exist');
  return { record };
}

function statementOf(from: string, to: string, basis: Basis, movement: Balances, accounts: ReadonlyMap<string, AccountRecord>, homeCurrency: string) {
  const empty = { currency: homeCurrency, income: [], expenses: [], totalIncome: 0n, totalExpenses: 0n, netProfit: 0n };
  return {
    from,
    to,
    basis,
    currencies: profitAndLoss(movement.byCurrency, accounts).map((block) => profitAndLossBlock(block)),
    base: profitAndLossBlock(inHome(homeCurrency, movement.home, (nets) => profitAndLoss(nets, accounts), empty), HOME_BLOCK_LABEL),
  };
}

function balanceSheetBlock(block: ReturnType<typeof balanceSheet>[number], label = currencyBlockLabel(block.currency)) {
  return {
    currency: block.currency,
    label,
    assets: statementLines(block.assets, block.currency),
    liabilities: statementLines(block.liabilities, block.currency),
    equity: statementLines(block.equity, block.currency),
    total_assets: exactMajor(block.totalAssets, block.currency),
    total_liabilities: exactMajor(block.totalLiabilities, block.currency),
    total_equity: exactMajor(block.totalEquity, block.currency),
  };
}

/**
 * Assets, liabilities and equity (with the earnings not yet closed: earlier years' and this financial year's) at
 * the end of `asOf`, per currency and in the home currency; the year starts in the business's
 * `fiscal_year_start_month`.
 */
export async function balanceSheetReport(businessId: Id, asOf: string, fiscalYearStartMonth: number) {
  const home = homeCurrencyOf(businessId);
  const [balances, beforeYear, accounts, homeCurrency] = await Promise.all([balancesAsOf(businessId, asOf, home), balancesAsOf(businessId, dayBefore(fiscalYearStart(asOf, fiscalYearStartMonth)), home), chartById(businessId), home]);
  const empty = { currency: homeCurrency, assets: [], liabilities: [], equity: [], totalAssets: 0n, totalLiabilities: 0n, totalEquity: 0n };
  return {
    as_of: asOf,
    currencies: balanceSheet(balances.byCurrency, accounts, beforeYear.byCurrency).map((block) => balanceSheetBlock(block)),
    base: balanceSheetBlock(inHome(homeCurrency, balances.home, (nets) => balanceSheet(nets, accounts, new Map([[homeCurrency, new Map(beforeYear.home)]])), empty), HOME_BLOCK_LABEL),
  };
}
