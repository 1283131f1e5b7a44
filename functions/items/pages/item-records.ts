import { ITEM_FIELDS } from '../../../shared/items/pages/item-fields.ts';
import { createItem, getItemResource, updateItem } from '../../../shared/items/items.ts';
import { ItemCreate, ItemPatch } from '../../../shared/items/schemas.ts';
import type { RecordPages } from '../../../shared/access/index.ts';

export const itemRecordPages: RecordPages<typeof ItemCreate, typeof ItemPatch> = {
  noun: 'item',
  base: '/dashboard/items',
  fields: { create: ITEM_FIELDS, edit: ITEM_FIELDS },
  schemas: { create: ItemCreate, edit: ItemPatch },
  load: getItemResource,
  auditType: 'item',
  create: createItem,
  update: updateItem,
};
