/** The fields of the dashboard's item form, each named as the API names it (`record-form.tsx`). */
import { ITEM_STATUSES, ITEM_TYPES } from '../schemas.ts';
import { choicesOf, type FormField } from '../../platform/web/record-form-rules.ts';

export const ITEM_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'type', label: 'Type', kind: 'select', required: true, options: choicesOf(ITEM_TYPES) },
  { name: 'status', label: 'Status', kind: 'select', required: true, options: choicesOf(ITEM_STATUSES) },
  { name: 'sku', label: 'SKU', kind: 'text', maxLength: 64, clearable: true },
  { name: 'sale_price', label: 'Sale price', kind: 'number', clearable: true },
  { name: 'purchase_price', label: 'Purchase price', kind: 'number', clearable: true },
];
