/** The fields of the dashboard's customer and vendor forms, each named as the API names it (`record-form.tsx`). */
import { addressFields, electronicAddressFields, type FormField } from '../../platform/web/record-form-rules.ts';

export const PARTY_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
  { name: 'email', label: 'E-mail', kind: 'email', maxLength: 254, clearable: true, hint: 'Where invoices and reminders go.' },
  { name: 'phone', label: 'Phone', kind: 'text', maxLength: 50, clearable: true },
  { name: 'tax_number', label: 'Tax number', kind: 'text', maxLength: 50, clearable: true },
  { name: 'payment_terms_days', label: 'Payment terms (days)', kind: 'number', clearable: true, hint: "Its invoices or bills made without a due date are due this many days after their date; empty: the business's terms." },
  { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, createOnly: true, hint: 'Three letters (EUR); the home currency when left empty. Fixed once documents use it.' },
  ...addressFields('billing_address'),
  ...electronicAddressFields(),
  {
    name: 'e_invoice.syntax',
    label: 'Send invoices as',
    kind: 'select',
    clearable: true,
    options: [
      { value: 'ubl', label: 'PDF and e-invoice (Peppol UBL)' },
      { value: 'cii', label: 'PDF and e-invoice (CII)' },
      { value: 'factur-x', label: 'Factur-X PDF (the e-invoice inside)' },
    ],
    hint: 'A customer’s invoice e-mails; “—”: the PDF alone.',
  },
];
