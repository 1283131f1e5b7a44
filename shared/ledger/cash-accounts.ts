import type { Id } from '../platform/core/ids.ts';
import { exactMajor } from '../platform/core/money.ts';
import { balancesAsOf, homeCurrencyOf } from './period-totals.ts';
import { accountStore, chartOfAccounts, type AccountRecord } from './accounts.ts';

/** The cash-flow (bank and cash) accounts of a business with today's balance each; one read of the chart and the period totals. */
export async function cashAccounts(businessId: Id, today: string) {
  const [accounts, nets] = await Promise.all([chartOfAccounts(businessId), balancesAsOf(businessId, today, homeCurrencyOf(businessId))]);
  return accounts
    .filter((account) => account.cash_flow && account.currency)
    .map((account) => ({ id: account.id, name: account.name, kind: account.kind, currency: account.currency as string, balance: exactMajor(nets.byCurrency.get(account.currency as string)?.get(account.id) ?? 0n, account.currency as string) }));
}

/** A cash-flow account of the business, or undefined: other ledger accounts are not bank accounts. */
export async function findCashFlowAccount(businessId: Id, id: Id): Promise<AccountRecord | undefined> {
  const stored = await accountStore.get(businessId, id);
  return stored?.record.cash_flow ? stored.record : undefined;
}
