/** The fields of the dashboard's settings forms (an invitation, the business profile), each named as the API names it. */
import { addressFields, electronicAddressFields, type FormField } from '../../platform/web/record-form-rules.ts';

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
  { name: 'tax_rounding', label: 'Round tax', kind: 'select', required: true, options: [{ value: 'rate', label: 'Once per tax rate (EN 16931)' }, { value: 'line', label: 'On each line' }], hint: 'For new documents; those posted before keep their figures.' },
  { name: 'payment_terms_days', label: 'Payment terms (days)', kind: 'number', clearable: true, hint: 'An invoice or bill made without a due date is due this many days after its date; a customer or vendor may have its own.' },
  { name: 'payment_instructions', label: 'Payment instructions', kind: 'textarea', maxLength: 2000, clearable: true, hint: 'Printed on every invoice and its public page.' },
  ...addressFields('address'),
  ...electronicAddressFields(),
];
