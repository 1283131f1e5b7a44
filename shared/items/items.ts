import { addAuditEntry } from '../platform/trail/write.ts';
import { createdAction } from '../platform/trail/actions.ts';
import { getBusiness } from '../access/index.ts';
import { collection } from '../platform/db/collection.ts';
import { byNameSortKey } from '../platform/db/keys.ts';
import { WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound, RuleViolation, type FieldProblem } from '../platform/core/errors.ts';
import { accountStore, lineAccountProblem } from '../ledger/index.ts';
import { newId, type Id } from '../platform/core/ids.ts';
import { toMajor, toMinor } from '../platform/core/money.ts';
import type { ItemCreateInput, ItemPatchInput, ItemResource } from './schemas.ts';

/** Stored form: prices in integer minor units of the business currency. */
interface ItemRecord {
  readonly id: Id;
  readonly name: string;
  readonly type: ItemResource['type'];
  readonly status: ItemResource['status'];
  readonly sku: string | null;
  readonly currency: string;
  readonly sale_price_minor: number | null;
  readonly purchase_price_minor: number | null;
  /** The accounts its lines post to by default (absent on items written before accounts could be named). */
  readonly sales_account_id?: Id | null;
  readonly purchase_account_id?: Id | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const itemStore = collection<ItemRecord>({ kind: 'ITEM', order: (item) => byNameSortKey('NAME', item.name, item.id) });

export function toItemResource(item: ItemRecord): ItemResource {
  const major = (minor: number | null) => (minor === null ? null : toMajor(minor, item.currency));
  return {
    id: item.id,
    name: item.name,
    type: item.type,
    status: item.status,
    sku: item.sku,
    currency: item.currency,
    sale_price: major(item.sale_price_minor),
    purchase_price: major(item.purchase_price_minor),
    sales_account_id: item.sales_account_id ?? null,
    purchase_account_id: item.purchase_account_id ?? null,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** Prices of a request in minor units; `undefined` leaves a price as it was, null clears it. */
function pricesOf(input: Pick<ItemPatchInput, 'sale_price' | 'purchase_price'>, currency: string) {
  const convert = (field: 'sale_price' | 'purchase_price') => {
    const amount = input[field];
    if (amount === undefined || amount === null) return amount;
    const minor = toMinor(amount, currency);
    if (minor === null) throw RuleViolation.of(field, `must have at most the minor digits of ${currency}`);
    return minor;
  };
  return { sale_price_minor: convert('sale_price'), purchase_price_minor: convert('purchase_price') };
}

/**
 * The accounts an item names for its lines, checked as a line naming them would be; `undefined` leaves one as it
 * was, null clears it.
 */
async function checkItemAccounts(businessId: Id, input: Pick<ItemPatchInput, 'sales_account_id' | 'purchase_account_id'>): Promise<void> {
  const named = [input.sales_account_id, input.purchase_account_id].filter((id): id is Id => !!id);
  const accounts = new Map((await accountStore.getMany(businessId, named)).map((account) => [account.id, account]));
  const problems = [
    input.sales_account_id ? lineAccountProblem(accounts.get(input.sales_account_id), 'sales', 'sales_account_id') : null,
    input.purchase_account_id ? lineAccountProblem(accounts.get(input.purchase_account_id), 'purchases', 'purchase_account_id') : null,
  ].filter((problem): problem is FieldProblem => problem !== null);
  if (problems.length > 0) throw new RuleViolation(problems);
}

export async function createItem(businessId: Id, input: ItemCreateInput): Promise<ItemResource> {
  const [{ currency }] = await Promise.all([getBusiness(businessId), checkItemAccounts(businessId, input)]);
  const prices = pricesOf(input, currency);
  const now = new Date().toISOString();
  const item: ItemRecord = {
    id: newId(),
    name: input.name,
    type: input.type,
    status: input.status ?? 'active',
    sku: input.sku ?? null,
    currency,
    sale_price_minor: prices.sale_price_minor ?? null,
    purchase_price_minor: prices.purchase_price_minor ?? null,
    sales_account_id: input.sales_account_id ?? null,
    purchase_account_id: input.purchase_account_id ?? null,
    created_at: now,
    updated_at: now,
  };
  const tx = new WriteTransaction();
  itemStore.addCreate(tx, businessId, item);
  addAuditEntry(tx, businessId, createdAction('item', item));
  await tx.commit();
  return toItemResource(item);
}

export async function getItemResource(businessId: Id, id: Id): Promise<ItemResource> {
  const stored = await itemStore.get(businessId, id);
  if (!stored) throw new NotFound('item');
  return toItemResource(stored.record);
}

export async function listItems(businessId: Id, filter: { type?: string | undefined; status?: string | undefined }): Promise<ItemResource[]> {
  return (await itemStore.all(businessId, filter)).map(toItemResource);
}

export async function updateItem(businessId: Id, id: Id, patch: ItemPatchInput): Promise<ItemResource> {
  await checkItemAccounts(businessId, patch);
  const updated = await itemStore.modify(businessId, id, (item) => {
    const prices = pricesOf(patch, item.currency);
    return {
      ...item,
      name: patch.name ?? item.name,
      type: patch.type ?? item.type,
      status: patch.status ?? item.status,
      sku: patch.sku === undefined ? item.sku : patch.sku,
      sale_price_minor: prices.sale_price_minor === undefined ? item.sale_price_minor : prices.sale_price_minor,
      purchase_price_minor: prices.purchase_price_minor === undefined ? item.purchase_price_minor : prices.purchase_price_minor,
      sales_account_id: patch.sales_account_id === undefined ? (item.sales_account_id ?? null) : patch.sales_account_id,
      purchase_account_id: patch.purchase_account_id === undefined ? (item.purchase_account_id ?? null) : patch.purchase_account_id,
      updated_at: new Date().toISOString(),
    };
  }, { type: 'item' });
  if (!updated) throw new NotFound('item');
  return toItemResource(updated);
}
