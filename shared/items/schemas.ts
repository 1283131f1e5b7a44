import * as v from 'valibot';
import { Amount, IdRef, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';

export const ITEM_TYPES = ['service', 'non_inventory', 'inventory'] as const;
export const ITEM_STATUSES = ['active', 'inactive'] as const;

const priceFields = {
  sku: v.optional(v.nullable(Text(64))),
  sale_price: v.optional(v.nullable(v.pipe(Amount, v.minValue(0, 'must not be negative')))),
  purchase_price: v.optional(v.nullable(v.pipe(Amount, v.minValue(0, 'must not be negative')))),
  sales_account_id: v.optional(v.nullable(v.pipe(IdRef, v.description('The revenue account its sales lines post to (default: sales revenue).')))),
  purchase_account_id: v.optional(v.nullable(v.pipe(IdRef, v.description('The expense or asset account its purchase lines post to (default: purchases and expenses).')))),
};

export const ItemCreate = v.strictObject({
  name: Text(200),
  type: v.picklist(ITEM_TYPES, `must be one of ${ITEM_TYPES.join(', ')}`),
  status: v.optional(v.picklist(ITEM_STATUSES, `must be one of ${ITEM_STATUSES.join(', ')}`)),
  ...priceFields,
});

export const ItemPatch = v.strictObject({
  name: v.optional(Text(200)),
  type: v.optional(v.picklist(ITEM_TYPES, `must be one of ${ITEM_TYPES.join(', ')}`)),
  status: v.optional(v.picklist(ITEM_STATUSES, `must be one of ${ITEM_STATUSES.join(', ')}`)),
  ...priceFields,
});

export const ItemListQuery = v.strictObject({
  type: v.optional(v.picklist(ITEM_TYPES, `must be one of ${ITEM_TYPES.join(', ')}`)),
  status: v.optional(v.picklist(ITEM_STATUSES, `must be one of ${ITEM_STATUSES.join(', ')}`)),
});

export const Item = v.object({
  id: ResourceId,
  name: v.string(),
  type: v.picklist(ITEM_TYPES),
  status: v.picklist(ITEM_STATUSES),
  sku: v.nullable(v.string()),
  currency: v.pipe(v.string(), v.description('The business base currency, in which prices are given.')),
  sale_price: v.nullable(v.number()),
  purchase_price: v.nullable(v.number()),
  sales_account_id: v.nullable(ResourceId),
  purchase_account_id: v.nullable(ResourceId),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export type ItemCreateInput = v.InferOutput<typeof ItemCreate>;
export type ItemPatchInput = v.InferOutput<typeof ItemPatch>;
export type ItemResource = v.InferOutput<typeof Item>;
