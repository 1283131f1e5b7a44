import { getBusinessProfile } from '../access/index.ts';
import type { BusinessProfileResource } from '../access/index.ts';
import type { Id } from '../platform/core/ids.ts';
import { readTaxRates } from '../ledger/index.ts';
import type { DocumentRecord, TaxRateRecord } from '../ledger/index.ts';
import { parties } from '../parties/index.ts';
import type { PartyRecord } from '../parties/index.ts';

/** What a document is drawn or written with besides itself: the business's profile, its customer and the tax rates. */
export interface DocumentContext {
  readonly business: BusinessProfileResource;
  readonly customer: PartyRecord | null;
  readonly rates: ReadonlyMap<string, TaxRateRecord>;
}

/** A document's context, read side by side in one round of reads; the sheet and the e-invoice share it. */
export async function readDocumentContext(businessId: Id, document: DocumentRecord): Promise<DocumentContext> {
  const [business, customer, rates] = await Promise.all([getBusinessProfile(businessId), parties('customer').store.get(businessId, document.party_id), readTaxRates(businessId)]);
  return { business, customer: customer?.record ?? null, rates: new Map(rates.map(({ record }) => [record.id, record])) };
}
