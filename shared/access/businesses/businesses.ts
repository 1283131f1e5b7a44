import { businessKey } from '../../platform/db/keys.ts';
import { addAuditEntry } from '../../platform/trail/write.ts';
import { createdAction } from '../../platform/trail/actions.ts';
import { batchGet, getItem } from '../../platform/db/query.ts';
import { mustNotExist, WriteTransaction } from '../../platform/db/transaction.ts';
import { NotFound } from '../../platform/core/errors.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { addChartOfAccounts, addStartingRates, markLedgerBuilt } from '../../ledger/index.ts';

export interface Business {
  readonly id: Id;
  readonly name: string;
  /** The base currency: the default for parties, items and bank accounts. */
  readonly currency: string;
  readonly created_at: string;
}

/** A business is created with its chart of accounts, in one transaction. */
export async function createBusiness(input: { name: string; currency: string }): Promise<Business> {
  const business: Business = { id: newId(), name: input.name, currency: input.currency, created_at: new Date().toISOString() };
  const tx = new WriteTransaction();
  tx.put('BUSINESS:create', { ...businessKey(business.id), entity: 'BUSINESS', ...business }, mustNotExist);
  const started = [...addChartOfAccounts(tx, business.id, business.created_at), ...addStartingRates(tx, business.id, business.created_at)];
  // One entry for the creation, naming the chart and the tax rates it starts with (api.md: one entry per action).
  addAuditEntry(tx, business.id, createdAction('business', business, started), business.created_at);
  markLedgerBuilt(tx, business.id, business.created_at);
  await tx.commit();
  return business;
}

export async function getBusiness(businessId: Id): Promise<Business> {
  const business = businessRead(businessId, await getItem(businessKey(businessId)));
  if (!business) throw new NotFound('business');
  return business;
}

/** A business from its item read already (`businessKey`), or undefined when there is none. */
export function businessRead(businessId: Id, item: Record<string, unknown> | undefined): Business | undefined {
  return item ? { id: businessId, name: String(item.name), currency: String(item.currency), created_at: String(item.created_at) } : undefined;
}

/** The names of a few businesses, read in one round trip (a page of the dashboard's business picker). */
export async function businessNames(businessIds: readonly Id[]): Promise<Map<Id, string>> {
  const read = await batchGet(businessIds.map(businessKey));
  return new Map(businessIds.map((id) => [id, String(read(businessKey(id))?.name ?? '')] as const));
}

