/** The fields of the dashboard's ledger forms (an account, the lock date, an exchange rate), each named as the API names it. */
import { TAX_KINDS } from '../tax/tax-kinds.ts';
import { ACCOUNT_TYPES } from '../schemas.ts';
import { choicesOf, type FormField } from '../../platform/web/record-form-rules.ts';

export const ACCOUNT_FIELDS: readonly FormField[] = [
  { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 20, hint: 'Unique in the chart: letters, digits, dots and dashes.' },
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'type', label: 'Type', kind: 'select', required: true, options: choicesOf(ACCOUNT_TYPES) },
  { name: 'description', label: 'Description', kind: 'textarea', maxLength: 1000, clearable: true },
];

/** Archiving is a change only: a new account is never archived. */
export const ACCOUNT_EDIT_FIELDS: readonly FormField[] = [...ACCOUNT_FIELDS, { name: 'archived', label: 'Archived (refuses new postings)', kind: 'checkbox' }];

export const LOCK_DATE_FIELDS: readonly FormField[] = [{ name: 'lock_date', label: 'Lock date', kind: 'date', hint: 'Nothing is posted or reversed on or before it. Leave it empty to clear it.' }];

export const TAX_RATE_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 100 },
  { name: 'rate', label: 'Rate %', kind: 'number', required: true, hint: 'More than 0 for standard and reduced; 0 for the kinds that carry no tax. A reverse-charge rate is the rate a purchase is self-assessed at.' },
  { name: 'kind', label: 'Kind', kind: 'select', required: true, options: TAX_KINDS.map((kind) => ({ value: kind, label: kind.replace(/_/g, ' ') })) },
  { name: 'exemption_reason', label: 'Exemption reason', kind: 'text', maxLength: 500, hint: 'Printed on the invoice: required for zero, exempt, intra-community, export and reverse-charge rates.' },
];

export const EXCHANGE_RATE_FIELDS: readonly FormField[] = [
  { name: 'currency', label: 'Currency', kind: 'text', required: true, maxLength: 3 },
  { name: 'date', label: 'Date', kind: 'date', required: true },
  { name: 'rate', label: 'Rate', kind: 'number', required: true, hint: 'Home-currency units for one unit of the currency; a second rate for the same day replaces the first.' },
];

/** A tracking category as the dashboard adds one: its options typed one a line. */
export const TRACKING_CATEGORY_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Category name', kind: 'text', required: true, maxLength: 100, hint: 'Such as Department, Location or Project. At most two categories are active.' },
  { name: 'options', label: 'Options, one a line', kind: 'textarea', required: true, hint: 'Such as Kitchen, Bakery, Front: at most 100.' },
];
