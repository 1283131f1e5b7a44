import { agedReport } from '../aged-reports.ts';
import { newestDocuments } from '../../documents/index.ts';
import type { Id } from '../../platform/core/ids.ts';
import { cashAccounts } from '../../ledger/index.ts';
import type { SettledDocument } from '../../sales/index.ts';
import { partyNames, SIDES, type Side } from '../../sales/index.ts';

const RECENT = 5;

/** The newest documents of a side, newest first: its list read backwards, one Query. */
const recent = (side: Side, businessId: Id): Promise<SettledDocument[]> => newestDocuments(side.type, businessId, RECENT);

/** What the overview shows: receivables and payables by age, the bank and cash accounts, the newest invoices and bills. */
export async function overview(businessId: Id, today: string) {
  // Each side's newest documents are named as soon as they are read, beside the aged reports' own reads.
  const [receivables, payables, accounts, invoices, bills] = await Promise.all([
    agedReport(businessId, 'receivables', today),
    agedReport(businessId, 'payables', today),
    cashAccounts(businessId, today),
    recentNamed(SIDES.invoice, businessId),
    recentNamed(SIDES.bill, businessId),
  ]);
  return { receivables, payables, accounts, invoices: invoices.documents, bills: bills.documents, names: new Map([...invoices.names, ...bills.names]) };
}

async function recentNamed(side: Side, businessId: Id) {
  const documents = await recent(side, businessId);
  return { documents, names: await partyNames(side, businessId, documents.map((document) => (document as unknown as Record<string, Id>)[side.partyField]!)) };
}
