/** A party's unapplied credit on its page: what its open credit documents still hold, per currency, and where to use it. */
import type { Id } from '../../platform/core/ids.ts';
import { Money } from '../../platform/web/parts.tsx';
import { creditBalanceOf } from '../party-credit.ts';

/** Where each side's credit documents are listed, to apply or refund what they hold. */
const CREDIT_LISTS = {
  customer: [
    ['/dashboard/credit-notes', 'credit notes'],
    ['/dashboard/prepayments', 'prepayments'],
  ],
  vendor: [
    ['/dashboard/vendor-credits', 'vendor credits'],
    ['/dashboard/vendor-prepayments', 'prepayments'],
  ],
} as const;

/** The section, read with one use of `creditBalanceOf` (the side's open credit documents). */
export async function partyCreditSection(party: 'customer' | 'vendor', businessId: Id, partyId: Id) {
  const balance = await creditBalanceOf(party, businessId, partyId);
  return (
      <section aria-labelledby="credit">
        <h2 id="credit">Credit</h2>
        {balance.length === 0 ? (
          <p class="muted">No unapplied credit.</p>
        ) : (
          <>
            <ul>
              {balance.map((line) => (
                <li>
                  <Money value={line.amount} currency={line.currency} /> unapplied
                </li>
              ))}
            </ul>
            <p>
              Apply it to an open document, or refund it, from its {CREDIT_LISTS[party].map(([href, label], index) => (
                <>
                  {index > 0 ? ' or ' : ''}
                  <a href={href}>{label}</a>
                </>
              ))}
              .
            </p>
          </>
        )}
      </section>
  );
}
