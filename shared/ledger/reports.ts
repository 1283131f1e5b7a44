import type { Id } from '../domain/ids.ts';
import { exactMajor, toMajor } from '../domain/money.ts';
import { sides } from '../domain/trial-balance.ts';
import { dayBefore, fiscalYearStart } from '../domain/dates.ts';
import { difference } from '../domain/period-totals.ts';
import { balanceSheet, profitAndLoss, type StatementLine } from '../domain/statements.ts';
import { balancesAsOf } from './period-totals.ts';
import { pageOfList, type Page, type PageRequest } from '../domain/paging.ts';
import { accountStore, type AccountRecord } from './accounts.ts';
import { entriesOfDocument, journalStore, type JournalEntryRecord } from './journal.ts';

const byCode = (a: AccountRecord, b: AccountRecord) => (a.code ?? '1000').localeCompare(b.code ?? '1000') || a.name.localeCompare(b.name);

export function toAccountResource(account: AccountRecord) {
  return {
    id: account.id,
    code: account.code,
    name: account.name,
    type: account.type,
    system_role: account.system_role,
    cash_flow: account.cash_flow,
    kind: account.kind,
    currency: account.currency,
    description: account.description ?? null,
    archived: account.archived ?? false,
  };
}

/** The chart of accounts, by code: the system accounts and every cash-flow account. */
export async function chartOfAccounts(businessId: Id) {
  return (await accountStore.all(businessId)).sort(byCode).map(toAccountResource);
}

export function toEntryResource(entry: JournalEntryRecord) {
  const major = (minor: number) => toMajor(minor, entry.currency);
  return {
    id: entry.id,
    document_id: entry.document_id,
    document_type: entry.document_type,
    document_no: entry.document_no,
    date: entry.date,
    currency: entry.currency,
    lines: entry.lines.map((line) => ({ account_id: line.account_id, debit: major(line.debit), credit: major(line.credit) })),
    reverses: entry.reverses,
    created_at: entry.created_at,
  };
}

export async function listJournalEntries(businessId: Id, documentId: Id | undefined, page: PageRequest): Promise<Page<ReturnType<typeof toEntryResource>>> {
  if (documentId) {
    return pageOfList(await entriesOfDocument(businessId, documentId), page, toEntryResource);
  }
  const result = await journalStore.page(businessId, page);
  return { ...result, items: result.items.map(toEntryResource) };
}

/**
 * The trial balance as of a date: every account's net debit or credit over the entries dated up to it, per
 * currency (amounts of different currencies are never added together), read from the period totals the postings
 * keep. Each currency's debits equal its credits; every sum is exact (BigInt), however large the books.
 */
export async function trialBalance(businessId: Id, asOf: string) {
  const [nets, accounts] = await Promise.all([balancesAsOf(businessId, asOf), accountStore.all(businessId)]);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const currencies = [...nets.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, perAccount]) => {
    const rows = [...perAccount.entries()]
      .filter(([, net]) => net !== 0n)
      .map(([accountId, net]) => ({ account: byId.get(accountId as Id), accountId, net }))
      .sort((a, b) => (a.account && b.account ? byCode(a.account, b.account) : a.accountId.localeCompare(b.accountId)));
    const totals = sides(rows.map((row) => row.net));
    return {
      currency,
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
  });
  return { as_of: asOf, currencies };
}

const chartById = async (businessId: Id) => new Map((await accountStore.all(businessId)).map((account) => [account.id as string, account]));

function statementLines(lines: readonly StatementLine[], currency: string) {
  return lines.map((line) => ({ account_id: line.account_id, code: line.code, name: line.name, amount: exactMajor(line.amount, currency) }));
}

/** Income and expenses from `from` to `to`, inclusive: the balances at the end of `to` less those at the end of the day before `from`. */
export async function profitAndLossReport(businessId: Id, from: string, to: string) {
  const [closing, opening, accounts] = await Promise.all([balancesAsOf(businessId, to), balancesAsOf(businessId, dayBefore(from)), chartById(businessId)]);
  return {
    from,
    to,
    currencies: profitAndLoss(difference(closing, opening), accounts).map((block) => ({
      currency: block.currency,
      income: statementLines(block.income, block.currency),
      expenses: statementLines(block.expenses, block.currency),
      total_income: exactMajor(block.totalIncome, block.currency),
      total_expenses: exactMajor(block.totalExpenses, block.currency),
      net_profit: exactMajor(block.netProfit, block.currency),
    })),
  };
}

/**
 * Assets, liabilities and equity (with the earnings not yet closed: earlier years' and this financial year's) at
 * the end of `asOf`; the year starts in the business's `fiscal_year_start_month`.
 */
export async function balanceSheetReport(businessId: Id, asOf: string, fiscalYearStartMonth: number) {
  const [balances, beforeYear, accounts] = await Promise.all([balancesAsOf(businessId, asOf), balancesAsOf(businessId, dayBefore(fiscalYearStart(asOf, fiscalYearStartMonth))), chartById(businessId)]);
  return {
    as_of: asOf,
    currencies: balanceSheet(balances, accounts, beforeYear).map((block) => ({
      currency: block.currency,
      assets: statementLines(block.assets, block.currency),
      liabilities: statementLines(block.liabilities, block.currency),
      equity: statementLines(block.equity, block.currency),
      total_assets: exactMajor(block.totalAssets, block.currency),
      total_liabilities: exactMajor(block.totalLiabilities, block.currency),
      total_equity: exactMajor(block.totalEquity, block.currency),
    })),
  };
}
