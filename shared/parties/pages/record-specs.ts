/**
 * The fields of the dashboard's record forms, each named as its API route names it (`record-form.ts`): what the
 * person fills in for a customer or vendor, an item, an account, an invitation.
 */
import { ACCOUNT_TYPES } from '../../ledger/schemas.ts';
import { ITEM_STATUSES, ITEM_TYPES } from '../../items/schemas.ts';
import type { FormField } from '../../platform/web/record-form-rules.ts';

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value.replace(/_/g, ' ') }));

/** An address (the API's `Address`) as a group of fields under `group`, cleared as one when emptied. */
const addressFields = (group: string): FormField[] => [
  { name: `${group}.line1`, label: 'Address', kind: 'text', maxLength: 200, clearable: true },
  { name: `${group}.line2`, label: 'Address, second line', kind: 'text', maxLength: 200, clearable: true },
  { name: `${group}.city`, label: 'City', kind: 'text', maxLength: 100, clearable: true },
  { name: `${group}.region`, label: 'Region', kind: 'text', maxLength: 100, clearable: true },
  { name: `${group}.postal_code`, label: 'Postal code', kind: 'text', maxLength: 20, clearable: true },
  { name: `${group}.country`, label: 'Country', kind: 'text', maxLength: 2, clearable: true, hint: 'Two letters (GB, DE, US).' },
];

export const PARTY_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'email', label: 'E-mail', kind: 'email', maxLength: 254, clearable: true, hint: 'Where invoices and reminders go.' },
  { name: 'phone', label: 'Phone', kind: 'text', maxLength: 50, clearable: true },
  { name: 'tax_number', label: 'Tax number', kind: 'text', maxLength: 50, clearable: true },
  { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, createOnly: true, hint: 'Three letters (EUR); the home currency when left empty. Fixed once documents use it.' },
  ...addressFields('billing_address'),
];

export const ITEM_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'type', label: 'Type', kind: 'select', required: true, options: choices(ITEM_TYPES) },
  { name: 'status', label: 'Status', kind: 'select', required: true, options: choices(ITEM_STATUSES) },
  { name: 'sku', label: 'SKU', kind: 'text', maxLength: 64, clearable: true },
  { name: 'sale_price', label: 'Sale price', kind: 'number', clearable: true },
  { name: 'purchase_price', label: 'Purchase price', kind: 'number', clearable: true },
];

export const ACCOUNT_FIELDS: readonly FormField[] = [
  { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 20, hint: 'Unique in the chart: letters, digits, dots and dashes.' },
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'type', label: 'Type', kind: 'select', required: true, options: choices(ACCOUNT_TYPES) },
  { name: 'description', label: 'Description', kind: 'textarea', maxLength: 1000, clearable: true },
];

/** Archiving is a change only: a new account is never archived. */
export const ACCOUNT_EDIT_FIELDS: readonly FormField[] = [...ACCOUNT_FIELDS, { name: 'archived', label: 'Archived (refuses new postings)', kind: 'checkbox' }];

export const INVITATION_FIELDS: readonly FormField[] = [
  { name: 'email', label: 'E-mail', kind: 'email', required: true, maxLength: 254 },
  {
    name: 'role',
    label: 'Role',
    kind: 'select',
    required: true,
    options: [
      { value: 'viewer', label: 'viewer: reads everything, changes nothing' },
      { value: 'accountant', label: 'accountant: the books, not the settings' },
      { value: 'owner', label: 'owner: everything, settings and people included' },
    ],
  },
];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const BUSINESS_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'legal_name', label: 'Legal name', kind: 'text', maxLength: 200, clearable: true },
  { name: 'email', label: 'E-mail', kind: 'email', maxLength: 254, clearable: true },
  { name: 'phone', label: 'Phone', kind: 'text', maxLength: 50, clearable: true },
  { name: 'tax_number', label: 'Tax number', kind: 'text', maxLength: 50, clearable: true },
  { name: 'base_currency', label: 'Home currency', kind: 'text', required: true, maxLength: 3, hint: 'The currency the books are kept in; fixed once anything is posted.' },
  { name: 'fiscal_year_start_month', label: 'Financial year starts in', kind: 'select', required: true, numeric: true, options: MONTHS.map((month, index) => ({ value: String(index + 1), label: month })) },
  { name: 'payment_instructions', label: 'Payment instructions', kind: 'textarea', maxLength: 2000, clearable: true, hint: 'Printed on every invoice and its public page.' },
  ...addressFields('address'),
];

export const LOCK_DATE_FIELDS: readonly FormField[] = [{ name: 'lock_date', label: 'Lock date', kind: 'date', hint: 'Nothing is posted or reversed on or before it. Leave it empty to clear it.' }];

export const EXCHANGE_RATE_FIELDS: readonly FormField[] = [
  { name: 'currency', label: 'Currency', kind: 'text', required: true, maxLength: 3 },
  { name: 'date', label: 'Date', kind: 'date', required: true },
  { name: 'rate', label: 'Rate', kind: 'number', required: true, hint: 'Home-currency units for one unit of the currency; a second rate for the same day replaces the first.' },
];

/** A bank statement file and how to read it (`POST /bank-feeds/accounts/{id}/imports`). */
export const IMPORT_FIELDS: readonly FormField[] = [
  { name: 'content', label: 'Statement file', kind: 'file', required: true, accept: '.csv,.ofx,.qfx,text/csv', hint: 'A CSV or OFX file of up to 10,000 lines, as the bank exports it.' },
  { name: 'format', label: 'Format', kind: 'select', required: true, options: [{ value: 'csv', label: 'CSV' }, { value: 'ofx', label: 'OFX' }] },
  { name: 'mapping.date', label: 'Date column (CSV)', kind: 'text', maxLength: 100, hint: 'The header of each column, as the file names it.' },
  { name: 'mapping.amount', label: 'Amount column (CSV)', kind: 'text', maxLength: 100, hint: 'Signed: money in is positive.' },
  { name: 'mapping.description', label: 'Description column (CSV, optional)', kind: 'text', maxLength: 100 },
  { name: 'mapping.external_id', label: 'Transaction id column (CSV, optional)', kind: 'text', maxLength: 100, hint: 'With it, a line imported twice is recorded once.' },
  { name: 'date_format', label: 'Date format (CSV)', kind: 'select', options: choices(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY']), hint: 'Empty: YYYY-MM-DD.' },
  { name: 'closing_balance', label: 'Closing balance (optional)', kind: 'number', hint: "The bank's balance on the closing date; an OFX file's own is read when empty." },
  { name: 'closing_date', label: 'Closing date', kind: 'date' },
];

/** What the import form shows before anything is typed: the usual CSV headers. */
export const IMPORT_DEFAULTS = { format: 'csv', 'mapping.date': 'Date', 'mapping.amount': 'Amount', 'mapping.description': 'Description' } as const;

/** A transfer between two of the business's cash-flow accounts (`POST /bank-feeds/transfers`). */
export function transferFields(accounts: readonly { readonly id: string; readonly name: string; readonly currency: string }[], today: string): { readonly fields: readonly FormField[]; readonly defaults: Readonly<Record<string, string>> } {
  const options = accounts.map((account) => ({ value: account.id, label: `${account.name} (${account.currency})` }));
  return {
    fields: [
      { name: 'from_account_id', label: 'From', kind: 'select', required: true, options },
      { name: 'to_account_id', label: 'To', kind: 'select', required: true, options },
      { name: 'date', label: 'Date', kind: 'date', required: true },
      { name: 'amount', label: 'Amount', kind: 'number', required: true },
      { name: 'exchange_rate', label: 'Exchange rate (optional)', kind: 'number', hint: "Home-currency units per unit of the accounts' currency; empty: the rate of the date." },
      { name: 'reference', label: 'Reference (optional)', kind: 'text', maxLength: 200 },
    ],
    defaults: { date: today, from_account_id: accounts[0]?.id ?? '', to_account_id: accounts[1]?.id ?? '' },
  };
}
