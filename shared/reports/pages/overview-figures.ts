import { agedReport } from '../aged-reports.ts';
import { listDocuments } from '../../ledger/documents/documents.ts';
import type { Id } from '../../platform/core/ids.ts';
import { exactMajor } from '../../platform/core/money.ts';
import { pageRequest, type Page } from '../../platform/core/paging.ts';
import { balancesAsOf, homeCurrencyOf } from '../../ledger/period-totals.ts';
import { chartOfAccounts } from '../../ledger/accounts.ts';
import type { SettledDocument } from '../../sales/pages/documents-rules.ts';
import { partyNames } from '../../sales/pages/documents-rules.ts';
import { SIDES, type Side } from '../../sales/pages/sides.ts';

const RECENT = 5;

/** The newest documents of a side: the list is by date, oldest first, so its last page (and the one before). */
async function recent(side: Side, businessId: Id): Promise<SettledDocument[]> {
  const list = (page: number): Promise<Page<SettledDocument>> => listDocuments(side.type, businessId, { page, page_size: RECENT }, pageRequest(page, RECENT, undefined));
  const first = await list(1);
  const last = Math.ceil(first.pagination.total_count / RECENT);
  if (last <= 1) return [...first.items].reverse();
  const pages = await Promise.all([list(last - 1), list(last)]);
  return pages.flatMap((page) => page.items).reverse().slice(0, RECENT);
}

/** The cash-flow (bank and cash) accounts of a business with today's balance each; one read of the chart and the period totals. */
export async function cashAccounts(businessId: Id, today: string) {
  const [accounts, nets] = await Promise.all([chartOfAccounts(businessId), balancesAsOf(businessId, today, homeCurrencyOf(businessId))]);
  return accounts
    .filter((account) => account.cash_flow && account.currency)
    .map((account) => ({ id: account.id, name: account.name, kind: account.kind, currency: account.currency as string, balance: exactMajor(nets.byCurrency.get(account.currency as string)?.get(account.id) ?? 0n, account.currency as string) }));
}

/** What the overview shows: receivables and payables by age, the bank and cash accounts, the newest invoices and bills. */
export async function overview(businessId: Id, today: string) {
  const [receivables, payables, accounts, invoices, bills] = await Promise.all([
    agedReport(businessId, 'receivables', today),
    agedReport(businessId, 'payables', today),
    cashAccounts(businessId, today),
    recent(SIDES.invoice, businessId),
    recent(SIDES.bill, businessId),
  ]);
  const partyOf = (side: Side, documents: SettledDocument[]) => documents.map((document) => (document as unknown as Record<string, Id>)[side.partyField]!);
  const [customers, vendors] = await Promise.all([partyNames(SIDES.invoice, businessId, partyOf(SIDES.invoice, invoices)), partyNames(SIDES.bill, businessId, partyOf(SIDES.bill, bills))]);
  return { receivables, payables, accounts, invoices, bills, names: new Map([...customers, ...vendors]) };
}
