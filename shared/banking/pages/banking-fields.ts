/** The fields of the dashboard's banking forms (a statement import, a transfer), each named as the API names it. */
import { choicesOf, type FormField } from '../../platform/web/record-form-rules.ts';

/** A new bank or cash account (`POST /bank-feeds/accounts`): what a business needs before its first payment. */
export const BANK_ACCOUNT_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200, hint: 'As the business calls it: "Current account", "Petty cash".' },
  { name: 'kind', label: 'Kind', kind: 'select', required: true, options: [{ value: 'bank', label: 'Bank account' }, { value: 'cash', label: 'Cash' }] },
  { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, hint: 'Three letters (EUR); the home currency when left empty.' },
  { name: 'opening_balance', label: 'Opening balance', kind: 'number', hint: 'What the account held on the opening date; empty: nothing.' },
  { name: 'opening_balance_date', label: 'Opening date', kind: 'date', hint: 'The day the account is reconciled from; empty: today.' },
];

/** A bank statement file and how to read it (`POST /bank-feeds/accounts/{id}/imports`). */
export const IMPORT_FIELDS: readonly FormField[] = [
  { name: 'content', label: 'Statement file', kind: 'file', required: true, accept: '.csv,.ofx,.qfx,text/csv', hint: 'A CSV or OFX file of up to 10,000 lines, as the bank exports it.' },
  { name: 'format', label: 'Format', kind: 'select', required: true, options: [{ value: 'csv', label: 'CSV' }, { value: 'ofx', label: 'OFX' }] },
  { name: 'mapping.date', label: 'Date column (CSV)', kind: 'text', maxLength: 100, hint: 'The header of each column, as the file names it.' },
  { name: 'mapping.amount', label: 'Amount column (CSV)', kind: 'text', maxLength: 100, hint: 'Signed: money in is positive.' },
  { name: 'mapping.description', label: 'Description column (CSV, optional)', kind: 'text', maxLength: 100 },
  { name: 'mapping.external_id', label: 'Transaction id column (CSV, optional)', kind: 'text', maxLength: 100, hint: 'With it, a line imported twice is recorded once.' },
  { name: 'date_format', label: 'Date format (CSV)', kind: 'select', options: choicesOf(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY']), hint: 'Empty: YYYY-MM-DD.' },
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
