import type { Id } from '../platform/core/ids.ts';
import { exactMajor } from '../platform/core/money.ts';
import { sides } from '../ledger/trial-balance.ts';
import { dayBefore, fiscalYearStart } from '../platform/core/dates.ts';
import { balancesDifference } from '../ledger/period-totals-rules.ts';
import { balanceSheet, currencyBlockLabel, HOME_BLOCK_LABEL, profitAndLoss, type StatementLine } from './statements.ts';
import { balancesAsOf, homeCurrencyOf, type Basis } from '../ledger/period-totals.ts';
import { accountStore, byCode, type AccountRecord } from '../ledger/accounts.ts';

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

/**
 * Income and expenses from `from` to `to`, inclusive: the balances at the end of `to` less those at the end of
 * the day before `from`, per currency and in the home currency, on the accrual or the cash basis.
 */
export async function profitAndLossReport(businessId: Id, from: string, to: string, basis: Basis = 'accrual') {
  const home = homeCurrencyOf(businessId);
  const [closing, opening, accounts, homeCurrency] = await Promise.all([balancesAsOf(businessId, to, home, basis), balancesAsOf(businessId, dayBefore(from), home, basis), chartById(businessId), home]);
  const movement = balancesDifference(closing, opening);
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
