import { collection, WHOLE_COLLECTION, type View } from '../platform/db/collection.ts';
import { byNameSortKey } from '../platform/db/keys.ts';
import type { WriteTransaction } from '../platform/db/transaction.ts';
import type { Id } from '../platform/core/ids.ts';
import { SYSTEM_ACCOUNTS, systemAccountId, type AccountType, type SystemAccount } from './ledger-rules.ts';

/**
 * A ledger account. Cash-flow accounts (bank and cash) are ledger accounts like any other, marked `cash_flow`,
 * and also listed and counted on their own for GET /bank-feeds/accounts.
 */
export interface AccountRecord {
  readonly id: Id;
  readonly code: string | null;
  readonly name: string;
  readonly type: AccountType;
  readonly system_role: SystemAccount | null;
  readonly cash_flow: boolean;
  readonly kind: 'bank' | 'cash' | null;
  /** A cash-flow account holds one currency; the system accounts hold every currency the business uses. */
  readonly currency: string | null;
  readonly opening_balance_minor: number;
  /** The day a cash-flow account's opening balance is booked on (absent on accounts opened before: their creation day). */
  readonly opening_balance_date?: string;
  /** Absent on accounts written before the chart could be extended. */
  readonly description?: string | null;
  readonly archived?: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export const CASH_FLOW_VIEW: View = { prefix: 'CASH#', counter: 'CASH' };

export const accountStore = collection<AccountRecord>({
  kind: 'ACCOUNT',
  order: (account) => (account.cash_flow ? byNameSortKey('CASH', account.name, account.id) : `LEDGER#${account.code ?? ''}#${account.id}`),
  views: (account) => (account.cash_flow ? [WHOLE_COLLECTION, CASH_FLOW_VIEW] : [WHOLE_COLLECTION]),
});

/** Writes the chart every business starts with into the business's creating transaction; answers what it wrote, as its audit entry names it. */
export function addChartOfAccounts(tx: WriteTransaction, businessId: Id, createdAt: string): { readonly type: 'account'; readonly id: Id; readonly no: string }[] {
  return (Object.entries(SYSTEM_ACCOUNTS) as [SystemAccount, (typeof SYSTEM_ACCOUNTS)[SystemAccount]][]).map(([role, account]) => {
    accountStore.addCreate(tx, businessId, {
      id: systemAccountId(businessId, role),
      code: account.code,
      name: account.name,
      type: account.type,
      system_role: role,
      cash_flow: false,
      kind: null,
      currency: null,
      opening_balance_minor: 0,
      created_at: createdAt,
      updated_at: createdAt,
    });
    return { type: 'account', id: systemAccountId(businessId, role), no: account.code };
  });
}

/** Accounts in code order (an account without a code sorts as 1000), then by name. */
export const byCode = (a: AccountRecord, b: AccountRecord) => (a.code ?? '1000').localeCompare(b.code ?? '1000') || a.name.localeCompare(b.name);

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
