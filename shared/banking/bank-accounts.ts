import { createdAction } from '../platform/trail/actions.ts';
import { getBusiness } from '../access/index.ts';
import { NotFound, RuleViolation } from '../platform/core/errors.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { toMajor, toMinor } from '../platform/core/money.ts';
import type { Page, PageRequest } from '../platform/core/paging.ts';
import { accountStore, CASH_FLOW_VIEW, findCashFlowAccount, openingBalanceLines, post } from '../ledger/index.ts';
import type { AccountRecord } from '../ledger/index.ts';
import type { BankAccountCreateInput, BankAccountResource } from './schemas.ts';

/** The day a cash-flow account's opening balance is booked on, and its bank feed reconciled from. */
export function openingBalanceDate(account: AccountRecord): string {
  return account.opening_balance_date ?? account.created_at.slice(0, 10);
}

export function toBankAccount(account: AccountRecord): BankAccountResource {
  const currency = account.currency ?? '';
  return {
    id: account.id,
    name: account.name,
    kind: account.kind ?? 'bank',
    currency,
    opening_balance: toMajor(account.opening_balance_minor, currency),
    opening_balance_date: openingBalanceDate(account),
    created_at: account.created_at,
    updated_at: account.updated_at,
  };
}

/**
 * Adds a cash-flow account to the chart; its opening balance, when not zero, enters the books through the one
 * posting path against opening balance equity (so the trial balance stays at zero), dated the day it opens.
 */
export async function createBankAccount(businessId: Id, input: BankAccountCreateInput): Promise<BankAccountResource> {
  const currency = input.currency ?? (await getBusiness(businessId)).currency;
  const openingBalance = toMinor(input.opening_balance ?? 0, currency);
  if (openingBalance === null) throw RuleViolation.of('opening_balance', `must have at most the minor digits of ${currency}`);
  const posted = await post({
    businessId,
    reads: [],
    decide: async ({ home, now }) => {
      const date = input.opening_balance_date ?? now.slice(0, 10);
      const rate = openingBalance === 0 ? undefined : await home.rate(currency, date, input.exchange_rate);
      const account: AccountRecord = { id: newId(), code: null, name: input.name, type: 'asset', system_role: null, cash_flow: true, kind: input.kind, currency, opening_balance_minor: openingBalance, description: null, archived: false, opening_balance_date: date, created_at: now, updated_at: now };
      return {
        guards: openingBalance === 0 ? [] : [{ field: input.opening_balance_date ? 'opening_balance_date' : 'opening_balance', date }],
        records: (tx) => accountStore.addCreate(tx, businessId, account),
        entries: rate === undefined ? [] : [{ document_id: account.id, document_type: 'opening_balance', document_no: null, date, currency, exchange_rate: rate, lines: openingBalanceLines(businessId, account.id, openingBalance), reverses: null }],
        events: [],
        audit: createdAction('bank_account', toBankAccount(account)),
        result: toBankAccount(account),
      };
    },
  });
  return posted.result;
}

/**
 * A cash-flow account read as of a date (today when none): 404 when it is not one of the business's, 400 naming
 * `as_of` before its opening balance date, from which its feed is reconciled.
 */
/** The date a reading is as of: the one asked for, or today. */
export const asOfOrToday = (asOfInput: string | undefined) => asOfInput ?? new Date().toISOString().slice(0, 10);

export async function cashFlowAccountAsOf(businessId: Id, id: Id, asOfInput: string | undefined): Promise<{ readonly account: AccountRecord; readonly currency: string; readonly asOf: string }> {
  const account = await findCashFlowAccount(businessId, id);
  if (!account?.currency) throw new NotFound('bank account');
  const asOf = asOfOrToday(asOfInput);
  const openingDate = openingBalanceDate(account);
  if (asOf < openingDate) throw RuleViolation.of('as_of', `must be on or after the account's opening_balance_date ${openingDate}`);
  return { account, currency: account.currency, asOf };
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
