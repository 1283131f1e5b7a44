import { collection, WHOLE_COLLECTION, type View } from '../db/collection.ts';
import { byNameSortKey } from '../db/keys.ts';
import type { Id } from '../domain/ids.ts';

export type AccountType = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

/**
 * A ledger account. Cash-flow accounts (bank and cash) are ledger accounts like any other, marked `cash_flow`,
 * and also listed and counted on their own for GET /bank-feeds/accounts.
 */
export interface AccountRecord {
  readonly id: Id;
  readonly name: string;
  readonly type: AccountType;
  readonly cash_flow: boolean;
  readonly kind: 'bank' | 'cash' | null;
  readonly currency: string;
  readonly opening_balance_minor: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export const CASH_FLOW_VIEW: View = { prefix: 'CASH#', counter: 'CASH' };

export const accountStore = collection<AccountRecord>({
  kind: 'ACCOUNT',
  order: (account) => byNameSortKey(account.cash_flow ? 'CASH' : 'LEDGER', account.name, account.id),
  views: (account) => (account.cash_flow ? [WHOLE_COLLECTION, CASH_FLOW_VIEW] : [WHOLE_COLLECTION]),
});
