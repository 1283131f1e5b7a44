/**
 * The statement-to-ledger summary of one cash-flow account as of a date: what the bank feed says (opening balance
 * plus every line not excluded), what the books say, how much of the feed is explained (matched or categorized
 * lines), the postings no line explains yet, and the bank's own stated closing balance. `difference` is exactly
 * `unmatched_lines.amount - unmatched_postings.amount` at every date, each counted over its span (`unmatchedSpans`).
 * The lines' totals per status and the period totals move in the transactions that change them; the unmatched
 * postings and the parts of lines matched to later postings are read from the amount index the stream keeps, so
 * they follow a posting or a match within about a second. Reads: the account, its line totals (two Queries), the
 * period totals (two Queries), the two spans' totals (four Queries) and the latest stated balance (one Query of
 * one item).
 */
import { toMajor } from '../platform/core/money.ts';
import type { Id } from '../platform/core/ids.ts';
import { balancesAsOf, homeCurrencyOf } from '../ledger/index.ts';
import { asOfOrToday, cashFlowAccountAsOf, openingBalanceDate } from './bank-accounts.ts';
import { lineTotalsAsOf, statedBalanceAsOf } from './line-totals.ts';
import { lateMatchedLinesAsOf, readBesideOwnWrites, unmatchedPostingsAsOf } from './amount-index.ts';

export async function reconciliationOf(businessId: Id, accountId: Id, asOfInput: string | undefined) {
  // The reader's own matches, voids and money count at once (`readBesideOwnWrites`); the rest of the summary is exact
  // anyway. The totals are read beside the account, which only checks the date.
  const asOfDate = asOfOrToday(asOfInput);
  const [{ account, currency, asOf }, [lines, balances, stated, postings, lateMatched]] = await Promise.all([
    cashFlowAccountAsOf(businessId, accountId, asOfInput),
    readBesideOwnWrites(businessId, () =>
      Promise.all([
        lineTotalsAsOf(businessId, accountId, asOfDate),
        balancesAsOf(businessId, asOfDate, homeCurrencyOf(businessId)),
        statedBalanceAsOf(businessId, accountId, asOfDate),
        unmatchedPostingsAsOf(businessId, accountId, asOfDate),
        lateMatchedLinesAsOf(businessId, accountId, asOfDate),
      ]),
    ),
  ]);
  const opening = account.opening_balance_minor;
  const feed = opening + lines.unmatched.amount + lines.matched.amount + lines.categorized.amount;
  // A line matched to a posting dated after as_of is not explained yet then: its part moves back to unmatched.
  const unmatchedLines = { count: lines.unmatched.count + lateMatched.count, amount: lines.unmatched.amount + lateMatched.amount };
  const reconciled = opening + lines.matched.amount - lateMatched.amount + lines.categorized.amount;
  const ledger = Number(balances.byCurrency.get(currency)?.get(accountId) ?? 0n);
  const major = (minor: number) => toMajor(minor, currency);
  return {
    account_id: accountId,
    currency,
    as_of: asOf,
    opening_balance: major(opening),
    opening_balance_date: openingBalanceDate(account),
    feed_balance: major(feed),
    ledger_balance: major(ledger),
    reconciled_balance: major(reconciled),
    stated_balance: stated ? major(stated.balance) : null,
    stated_date: stated?.date ?? null,
    unmatched_lines: { count: unmatchedLines.count, amount: major(unmatchedLines.amount) },
    unmatched_postings: { count: postings.count, amount: major(postings.amount) },
    difference: major(feed - ledger),
    stated_difference: stated ? major(stated.balance - feed) : null,
  };
}
