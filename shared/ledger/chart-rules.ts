/**
 * The chart of accounts' rules: which accounts a line may post to, what a change to an account may do, and the
 * bound on how many accounts a business keeps. Pure; the ledger use cases read the accounts and apply these.
 */
import type { FieldProblem } from '../platform/core/errors.ts';
import type { AccountType, SystemAccount } from './ledger-rules.ts';

/** At most this many accounts per business: the period totals hold one attribute per account and currency. */
export const MAX_ACCOUNTS = 1_000;

/** What the rules need of an account. */
export interface AccountFacts {
  readonly type: AccountType;
  readonly system_role: SystemAccount | null;
  readonly cash_flow: boolean;
  readonly archived?: boolean;
}

/** Which side of the books a document line lands on: a sale's revenue, or a purchase's expense or asset. */
export type LineSide = 'sales' | 'purchases';

const LINE_TYPES: Record<LineSide, readonly AccountType[]> = { sales: ['revenue'], purchases: ['expense', 'asset'] };

/** System accounts that only their own postings move: a party's balance, or tax worked out from the lines. */
const POSTED_BY_RULE: ReadonlySet<SystemAccount> = new Set(['accounts_receivable', 'accounts_payable', 'tax_receivable', 'tax_payable']);

/** The account a document line (or an item's default) names may take that line, or the problem with it. */
export function lineAccountProblem(account: AccountFacts | undefined, side: LineSide, field: string): FieldProblem | null {
  if (!account) return { field, message: 'does not exist' };
  if (account.archived) return { field, message: 'is archived' };
  if (account.cash_flow) return { field, message: 'is a bank or cash account; record money against it instead' };
  if (account.system_role && POSTED_BY_RULE.has(account.system_role)) return { field, message: 'is posted only by its own rule (receivables, payables and tax)' };
  const allowed = LINE_TYPES[side];
  if (!allowed.includes(account.type)) return { field, message: `must be ${allowed.map((type) => `an ${type}`).join(' or ')} account, not ${account.type}` };
  return null;
}

/** A manual journal's line may post to any live account but receivables and payables, which belong to documents. */
export function journalAccountProblem(account: AccountFacts | undefined, field: string): FieldProblem | null {
  if (!account) return { field, message: 'does not exist' };
  if (account.archived) return { field, message: 'is archived' };
  if (account.system_role === 'accounts_receivable' || account.system_role === 'accounts_payable') return { field, message: 'belongs to documents and their parties; post an invoice, bill, receipt or payment instead' };
  return null;
}

export interface AccountChange {
  readonly type?: AccountType;
  readonly archived?: boolean;
  readonly code?: string;
}

/**
 * What a change to an account may not do: retype or archive a system or cash-flow account, change a system
 * account's code, or retype an account that has postings.
 */
export function accountChangeProblems(account: AccountFacts & { readonly code: string | null }, change: AccountChange, hasPostings: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const fixed = account.system_role !== null || account.cash_flow;
  const what = account.system_role !== null ? 'a system account' : 'a bank or cash account';
  if (change.type !== undefined && change.type !== account.type) {
    if (fixed) problems.push({ field: 'type', message: `cannot change: this is ${what}` });
    else if (hasPostings) problems.push({ field: 'type', message: 'cannot change: the account has postings' });
  }
  if (change.archived === true && fixed) problems.push({ field: 'archived', message: `cannot be set: this is ${what}` });
  if (change.code !== undefined && change.code !== account.code && account.system_role !== null) problems.push({ field: 'code', message: 'cannot change: this is a system account' });
  return problems;
}
