import { getBusiness } from '../businesses/businesses.ts';
import { WriteTransaction } from '../db/transaction.ts';
import { NotFound, RuleViolation } from '../domain/errors.ts';
import { newId, type Id } from '../domain/ids.ts';
import { toMajor, toMinor } from '../domain/money.ts';
import type { Page, PageRequest } from '../domain/paging.ts';
import { accountStore, CASH_FLOW_VIEW, type AccountRecord } from '../ledger/accounts.ts';
import type { BankAccountCreateInput, BankAccountResource } from './schemas.ts';

function toBankAccount(account: AccountRecord): BankAccountResource {
  return {
    id: account.id,
    name: account.name,
    kind: account.kind ?? 'bank',
    currency: account.currency,
    opening_balance: toMajor(account.opening_balance_minor, account.currency),
    created_at: account.created_at,
    updated_at: account.updated_at,
  };
}

export async function createBankAccount(businessId: Id, input: BankAccountCreateInput): Promise<BankAccountResource> {
  const currency = input.currency ?? (await getBusiness(businessId)).currency;
  const openingBalance = toMinor(input.opening_balance ?? 0, currency);
  if (openingBalance === null) throw RuleViolation.of('opening_balance', `must have at most the minor digits of ${currency}`);
  const now = new Date().toISOString();
  const account: AccountRecord = {
    id: newId(),
    name: input.name,
    type: 'asset',
    cash_flow: true,
    kind: input.kind,
    currency,
    opening_balance_minor: openingBalance,
    created_at: now,
    updated_at: now,
  };
  const tx = new WriteTransaction();
  accountStore.addCreate(tx, businessId, account);
  await tx.commit();
  return toBankAccount(account);
}

/** A cash-flow account of the business, or NotFound: other ledger accounts are not bank accounts. */
export async function getBankAccount(businessId: Id, id: Id): Promise<BankAccountResource> {
  const stored = await accountStore.get(businessId, id);
  if (!stored || !stored.record.cash_flow) throw new NotFound('bank account');
  return toBankAccount(stored.record);
}

export async function listBankAccounts(businessId: Id, page: PageRequest): Promise<Page<BankAccountResource>> {
  const result = await accountStore.page(businessId, page, CASH_FLOW_VIEW);
  return { ...result, items: result.items.map(toBankAccount) };
}
