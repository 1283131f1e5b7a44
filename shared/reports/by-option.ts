/**
 * A profit and loss in columns, one per tracking option and one for the lines that name none (api.md, "Attachments
 * and tracking categories"). Pure and exact (BigInt): a row's columns add up to its amount, because "unassigned" is
 * the account's movement less what its options hold, so the columns always tie to the report without tracking.
 */
import type { AccountType } from '../ledger/index.ts';
import { byCode, DEBIT_NORMAL, type AccountInfo } from './statements.ts';

export interface OptionAmount {
  readonly option_id: string | null;
  readonly amount: bigint;
}

export interface OptionRow {
  readonly account_id: string;
  readonly code: string | null;
  readonly name: string;
  readonly amount: bigint;
  readonly by_option: readonly OptionAmount[];
}

type Nets = ReadonlyMap<string, bigint>;

/**
 * The rows of accounts of `types` that moved in the report or in any option (an account may net to zero over all
 * lines and still move in two options), each on its normal side, with one amount per option in `options`' order and
 * the unassigned rest last.
 */
export function optionRows(total: Nets, byOption: ReadonlyMap<string, Nets>, options: readonly string[], accounts: ReadonlyMap<string, AccountInfo>, types: readonly AccountType[]): OptionRow[] {
  const moved = new Set([...total.keys(), ...[...byOption.values()].flatMap((nets) => [...nets.keys()])]);
  const rows: OptionRow[] = [];
  for (const accountId of moved) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`Account ${accountId} has postings but is not in the chart`);
    if (!types.includes(account.type)) continue;
    const sign = DEBIT_NORMAL.has(account.type) ? 1n : -1n;
    const amounts = options.map((option) => (byOption.get(option)?.get(accountId) ?? 0n) * sign);
    const amount = (total.get(accountId) ?? 0n) * sign;
    if (amount === 0n && amounts.every((each) => each === 0n)) continue;
    const unassigned = amount - amounts.reduce((sum, each) => sum + each, 0n);
    rows.push({ account_id: account.id, code: account.code, name: account.name, amount, by_option: [...options.map((option, index) => ({ option_id: option, amount: amounts[index]! })), { option_id: null, amount: unassigned }] });
  }
  return rows.sort(byCode);
}

/** Each column's income, expenses and net profit: the rows' amounts in that column, added up. */
export function optionTotals(income: readonly OptionRow[], expenses: readonly OptionRow[], columns: readonly (string | null)[]) {
  const column = (rows: readonly OptionRow[], index: number) => rows.reduce((sum, row) => sum + row.by_option[index]!.amount, 0n);
  return columns.map((option_id, index) => {
    const [totalIncome, totalExpenses] = [column(income, index), column(expenses, index)];
    return { option_id, totalIncome, totalExpenses, netProfit: totalIncome - totalExpenses };
  });
}
