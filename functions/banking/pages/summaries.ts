import { getBankAccount, listBankAccounts } from '../../../shared/banking/bank-accounts.ts';
import { reconciliationOf } from '../../../shared/banking/reconciliation.ts';
import type { AccountSummary } from '../../../shared/banking/pages/banking.tsx';
import type { Id } from '../../../shared/platform/core/ids.ts';
import type { Page, PageRequest } from '../../../shared/platform/core/paging.ts';

/** One account with its reconciliation as of today (the API's summary: bounded by months of history, not lines). */
export async function accountSummary(businessId: Id, id: Id): Promise<AccountSummary> {
  const [account, reconciliation] = await Promise.all([getBankAccount(businessId, id), reconciliationOf(businessId, id, undefined)]);
  return { id: account.id, name: account.name, currency: account.currency, reconciliation };
}

/** A page of the accounts, each with its summary. */
export async function accountSummaries(businessId: Id, page: PageRequest): Promise<Page<AccountSummary>> {
  const accounts = await listBankAccounts(businessId, page);
  return { ...accounts, items: await Promise.all(accounts.items.map(async (account) => ({ id: account.id, name: account.name, currency: account.currency, reconciliation: await reconciliationOf(businessId, account.id as Id, undefined) }))) };
}
