/**
 * The statement-to-ledger summary of one cash-flow account as of a date: what the bank feed says (opening balance
 * plus every line not excluded), what the books say, how much of the feed is explained (matched or categorized
 * lines), the postings no line explains yet, and the bank's own stated closing balance. Every figure but one is
 * exact as of the request (the lines' totals per status and the period totals move in the transactions that
 * change them); `unmatched_postings` is read from the amount index the stream keeps, so it follows a posting or a
 * match within about a second. Reads: the account, its line totals (two Queries), the period totals (two
 * Queries), the unmatched postings' totals (two Queries) and the latest stated balance (one Query of one item).
 */
import { toMajor } from '../platform/core/money.ts';
import { NotFound, RuleViolation } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { balancesAsOf, homeCurrencyOf } from '../ledger/period-totals.ts';
import { findCashFlowAccount, openingBalanceDate } from './bank-accounts.ts';
import { lineTotalsAsOf, statedBalanceAsOf } from './line-totals.ts';
import { unmatchedPostingsAsOf } from './amount-index.ts';

export async function reconciliationOf(businessId: Id, accountId: Id, asOfInput: string | undefined) {
  const account = await findCashFlowAccount(businessId, accountId);
  if (!account?.currency) throw new NotFound('bank account');
  const currency = account.currency;
  const asOf = asOfInput ?? new Date().toISOString().slice(0, 10);
  const openingDate = openingBalanceDate(account);
  if (asOf < openingDate) throw RuleViolation.of('as_of', `must be on or after the account's opening_balance_date ${openingDate}`);
  const [lines, balances, stated, postings] = await Promise.all([lineTotalsAsOf(businessId, accountId, asOf), balancesAsOf(businessId, asOf, homeCurrencyOf(businessId)), statedBalanceAsOf(businessId, accountId, asOf), unmatchedPostingsAsOf(businessId, accountId, asOf)]);
  const opening = account.opening_balance_minor;
  const feed = opening + lines.unmatched.amount + lines.matched.amount + lines.categorized.amount;
  const reconciled = opening + lines.matched.amount + lines.categorized.amount;
  const ledger = Number(balances.byCurrency.get(currency)?.get(accountId) ?? 0n);
  const major = (minor: number) => toMajor(minor, currency);
  return {
    account_id: accountId,
    currency,
    as_of: asOf,
    opening_balance: major(opening),
    opening_balance_date: openingDate,
    feed_balance: major(feed),
    ledger_balance: major(ledger),
    reconciled_balance: major(reconciled),
    stated_balance: stated ? major(stated.balance) : null,
    stated_date: stated?.date ?? null,
    unmatched_lines: { count: lines.unmatched.count, amount: major(lines.unmatched.amount) },
    unmatched_postings: { count: postings.count, amount: major(postings.amount) },
    difference: major(feed - ledger),
    stated_difference: stated ? major(stated.balance - feed) : null,
  };
}
