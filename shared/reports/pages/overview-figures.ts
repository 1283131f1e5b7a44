import { agedReport } from '../aged-reports.ts';
import { listDocuments } from '../../ledger/documents/documents.ts';
import type { Id } from '../../platform/core/ids.ts';
import { pageRequest, type Page } from '../../platform/core/paging.ts';
import { cashAccounts } from '../../ledger/cash-accounts.ts';
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
