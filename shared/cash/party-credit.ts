import type * as v from 'valibot';
import type { Id } from '../platform/core/ids.ts';
import { toMajor } from '../platform/core/money.ts';
import { creditTypesOf, openAmount, openDocuments } from '../ledger/index.ts';
import type { CreditBalance } from '../parties/index.ts';

/**
 * A customer's (vendor's) unapplied credit per currency (api.md, "Customer credit"): what its open credit documents
 * still hold. Reads the open credit documents of the side (their markers, then one BatchGetItem each), never the
 * history: as many as the business has credit not yet applied.
 */
export async function creditBalanceOf(party: 'customer' | 'vendor', businessId: Id, partyId: Id): Promise<v.InferOutput<typeof CreditBalance>> {
  const open = (await Promise.all(creditTypesOf(party === 'customer' ? 'invoice' : 'bill').map((type) => openDocuments(businessId, type)))).flat();
  const byCurrency = new Map<string, number>();
  for (const document of open) if (document.party_id === partyId) byCurrency.set(document.currency, (byCurrency.get(document.currency) ?? 0) + openAmount(document));
  return [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount: toMajor(amount, currency) }));
}
