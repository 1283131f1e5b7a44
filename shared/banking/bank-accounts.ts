import { getBusiness } from '../businesses/businesses.ts';
import { WriteTransaction } from '../db/transaction.ts';
import { NotFound, RuleViolation } from '../domain/errors.ts';
import { newId, type Id } from '../domain/ids.ts';
import { toMajor, toMinor } from '../domain/money.ts';
import type { Page, PageRequest } from '../domain/paging.ts';
import { systemAccountId } from '../domain/ledger.ts';
import { accountStore, CASH_FLOW_VIEW, type AccountRecord } from '../ledger/accounts.ts';
import { addJournalEntry } from '../ledger/journal.ts';
import type { BankAccountCreateInput, BankAccountResource } from './schemas.ts';

function toBankAccount(account: AccountRecord): BankAccountResource {
  const currency = account.currency ?? '';
  return {
    id: account.id,
    name: account.name,
    kind: account.kind ?? 'bank',
    currency,
    opening_balance: toMajor(account.opening_balance_minor, currency),
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
    code: null,
    name: input.name,
    type: 'asset',
    system_role: null,
    cash_flow: true,
    kind: input.kind,
    currency,
    opening_balance_minor: openingBalance,
    created_at: now,
    updated_at: now,
  };
  const tx = new WriteTransaction();
  accountStore.addCreate(tx, businessId, account);
  if (openingBalance !== 0) {
    // The opening balance enters the books against opening balance equity, so the trial balance stays at zero.
    addJournalEntry(tx, businessId, {
      document_id: account.id,
      document_type: 'opening_balance',
      document_no: null,
      date: now.slice(0, 10),
      currency,
      lines: [
        { account_id: account.id, debit: Math.max(openingBalance, 0), credit: Math.max(-openingBalance, 0) },
        { account_id: systemAccountId(businessId, 'opening_balance_equity'), debit: Math.max(-openingBalance, 0), credit: Math.max(openingBalance, 0) },
      ],
      reverses: null,
    });
  }
  await tx.commit();
  return toBankAccount(account);
}

/** A cash-flow account of the business, or undefined: other ledger accounts are not bank accounts. */
export async function findCashFlowAccount(businessId: Id, id: Id): Promise<AccountRecord | undefined> {
  const stored = await accountStore.get(businessId, id);
  return stored?.record.cash_flow ? stored.record : undefined;
}

export async function getBankAccount(businessId: Id, id: Id): Promise<BankAccountResource> {
  const account = await findCashFlowAccount(businessId, id);
  if (!account) throw new NotFound('bank account');
  return toBankAccount(account);
}

export async function listBankAccounts(businessId: Id, page: PageRequest): Promise<Page<BankAccountResource>> {
  const result = await accountStore.page(businessId, page, CASH_FLOW_VIEW);
  return { ...result, items: result.items.map(toBankAccount) };
}
