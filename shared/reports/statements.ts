/**
 * Profit and loss, balance sheet and the aged reports, from balances already summed: pure rules, exact (BigInt),
 * one block per currency (amounts of different currencies are never added together).
 */
import type { AccountType, NetsByCurrency } from '../ledger/index.ts';
import { daysBetween } from '../platform/core/dates.ts';

export interface AccountInfo {
  readonly id: string;
  readonly code: string | null;
  readonly name: string;
  readonly type: AccountType;
}

export interface StatementLine {
  readonly account_id: string | null;
  readonly code: string | null;
  readonly name: string;
  /** Positive on the account's normal side: debit for assets and expenses, credit for the rest. */
  readonly amount: bigint;
}

export const DEBIT_NORMAL: ReadonlySet<AccountType> = new Set(['asset', 'expense']);
// Cash-flow accounts have no code and list first among the assets, as in the chart (code 1000 comes before receivables).
export const byCode = (a: Pick<StatementLine, 'code' | 'name'>, b: Pick<StatementLine, 'code' | 'name'>) => (a.code ?? '1000').localeCompare(b.code ?? '1000') || a.name.localeCompare(b.name);
const sum = (lines: readonly StatementLine[]) => lines.reduce((total, line) => total + line.amount, 0n);

/** The non-zero lines of accounts of the given types, each on its normal side, by code. */
function linesOf(nets: ReadonlyMap<string, bigint>, accounts: ReadonlyMap<string, AccountInfo>, types: readonly AccountType[]): StatementLine[] {
  const lines: StatementLine[] = [];
  for (const [accountId, net] of nets) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`Account ${accountId} has postings but is not in the chart`);
    if (!types.includes(account.type) || net === 0n) continue;
    lines.push({ account_id: account.id, code: account.code, name: account.name, amount: DEBIT_NORMAL.has(account.type) ? net : -net });
  }
  return lines.sort(byCode);
}

const sortedCurrencies = (nets: NetsByCurrency) => [...nets.keys()].sort();

/** Income and expenses over a period, from the accounts' movement over it. */
export function profitAndLoss(movement: NetsByCurrency, accounts: ReadonlyMap<string, AccountInfo>) {
  return sortedCurrencies(movement).flatMap((currency) => {
    const income = linesOf(movement.get(currency)!, accounts, ['revenue']);
    const expenses = linesOf(movement.get(currency)!, accounts, ['expense']);
    if (income.length === 0 && expenses.length === 0) return [];
    const totalIncome = sum(income);
    const totalExpenses = sum(expenses);
    return [{ currency, income, expenses, totalIncome, totalExpenses, netProfit: totalIncome - totalExpenses }];
  });
}

/** This financial year's income less expenses, as one equity line. */
export const CURRENT_EARNINGS_NAME = 'Current year earnings';
/** Every earlier year's income less expenses, as one equity line: no period is ever closed into an account. */
export const RETAINED_EARNINGS_NAME = 'Retained earnings';

const earningsOf = (nets: ReadonlyMap<string, bigint> | undefined, accounts: ReadonlyMap<string, AccountInfo>) => (nets ? sum(linesOf(nets, accounts, ['revenue'])) - sum(linesOf(nets, accounts, ['expense'])) : 0n);

/**
 * Assets, liabilities and equity as of a date. No period is ever closed, so equity carries the income less
 * expenses of every earlier financial year (balances at the end of the day before this year started:
 * `beforeYear`) and of this year as two lines, which makes total assets equal total liabilities plus total equity.
 */
export function balanceSheet(balances: NetsByCurrency, accounts: ReadonlyMap<string, AccountInfo>, beforeYear: NetsByCurrency = new Map()) {
  return sortedCurrencies(balances).flatMap((currency) => {
    const nets = balances.get(currency)!;
    const assets = linesOf(nets, accounts, ['asset']);
    const liabilities = linesOf(nets, accounts, ['liability']);
    const retained = earningsOf(beforeYear.get(currency), accounts);
    const current = earningsOf(nets, accounts) - retained;
    const equity = linesOf(nets, accounts, ['equity']);
    if (retained !== 0n) equity.push({ account_id: null, code: null, name: RETAINED_EARNINGS_NAME, amount: retained });
    if (current !== 0n) equity.push({ account_id: null, code: null, name: CURRENT_EARNINGS_NAME, amount: current });
    if (assets.length === 0 && liabilities.length === 0 && equity.length === 0) return [];
    return [{ currency, assets, liabilities, equity, totalAssets: sum(assets), totalLiabilities: sum(liabilities), totalEquity: sum(equity) }];
  });
}

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** A document is current until its due date has passed, then ages by whole days past it. */
export function agingBucket(dueDate: string, asOf: string): AgingBucket {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'd1_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'over_90';
}

export interface OpenBalance {
  readonly partyId: string;
  readonly currency: string;
  /** The due date, or the document's date when it has none. */
  readonly dueDate: string;
  readonly balanceDue: bigint;
  /** The balance due in the home currency, at the rate the document was posted at. */
  readonly baseDue: bigint;
}

export type AgedAmounts = Record<AgingBucket | 'total' | 'base_total', bigint>;

const emptyAges = (): AgedAmounts => ({ current: 0n, d1_30: 0n, d31_60: 0n, d61_90: 0n, over_90: 0n, total: 0n, base_total: 0n });

/** Open balances per currency and party, in aging buckets, with each currency's totals. */
export function agedBalances(open: readonly OpenBalance[], asOf: string) {
  const blocks = new Map<string, Map<string, AgedAmounts>>();
  for (const document of open) {
    const parties = blocks.get(document.currency) ?? new Map<string, AgedAmounts>();
    blocks.set(document.currency, parties);
    const ages = parties.get(document.partyId) ?? emptyAges();
    parties.set(document.partyId, ages);
    ages[agingBucket(document.dueDate, asOf)] += document.balanceDue;
    ages.total += document.balanceDue;
    ages.base_total += document.baseDue;
  }
  return [...blocks.keys()].sort().map((currency) => {
    const parties = [...blocks.get(currency)!].map(([partyId, ages]) => ({ partyId, ages }));
    const totals = emptyAges();
    for (const { ages } of parties) for (const bucket of [...AGING_BUCKETS, 'total', 'base_total'] as const) totals[bucket] += ages[bucket];
    return { currency, parties, totals };
  });
}

/** What the home block is: every posting in the home currency, the books that balance (api.md, "Report blocks say what they are"). */
export const HOME_BLOCK_LABEL = 'Home currency (books of record)';

/** What a currency's block is: its postings in their own currency, never converted. */
export const currencyBlockLabel = (currency: string) => `Postings in ${currency}, not converted`;
