import type { FieldProblem } from '../platform/core/errors.ts';

/** What the rule needs of a ledger account: whether it is a cash-flow (bank or cash) account, and its currency. */
export interface CashAccountFacts {
  readonly cash_flow: boolean;
  readonly currency: string | null;
}

/**
 * Money moves through a cash-flow account of the business, in that account's currency: the problem with the
 * account named by `field`, or null. `currency` undefined checks only that the account is a cash-flow one.
 */
export function cashAccountProblem(account: CashAccountFacts | undefined, currency: string | undefined, field = 'payment_account_id'): FieldProblem | null {
  if (!account?.cash_flow) return { field, message: 'must be a cash-flow (bank or cash) account of this business' };
  if (currency !== undefined && account.currency !== currency) return { field, message: `holds ${account.currency ?? 'another currency'}, not ${currency}` };
  return null;
}
