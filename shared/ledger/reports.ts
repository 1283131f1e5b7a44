import type { Id } from '../domain/ids.ts';
import { exactMajor, toMajor } from '../domain/money.ts';
import { netsByCurrency, sides } from '../domain/trial-balance.ts';
import { pageOfList, type Page, type PageRequest } from '../domain/paging.ts';
import { accountStore, type AccountRecord } from './accounts.ts';
import { entriesOfDocument, entriesUpTo, journalStore, type JournalEntryRecord } from './journal.ts';

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
 * currency (amounts of different currencies are never added together). Each currency's debits equal its credits;
 * every sum is exact (BigInt), however large the books.
 */
export async function trialBalance(businessId: Id, asOf: string) {
  const [entries, accounts] = await Promise.all([entriesUpTo(businessId, asOf), accountStore.all(businessId)]);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const nets = netsByCurrency(entries);
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
