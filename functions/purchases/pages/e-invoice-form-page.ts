/** The form that books a supplier's e-invoice from the dashboard: one file, drawn new or with a refusal. */
import type { FieldProblem } from '../../../shared/platform/core/errors.ts';
import type { FormField } from '../../../shared/platform/web/record-form-rules.ts';
import { recordFormPage } from '../../../shared/platform/web/record-form.tsx';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';

export const E_INVOICE_FIELDS: readonly FormField[] = [
  { name: 'xml', label: "Supplier's e-invoice (XML)", kind: 'file', required: true, accept: '.xml,application/xml,text/xml', hint: 'A UBL or CII invoice or credit note (EN 16931, Peppol, XRechnung), as the supplier sent it. Its vendor is found by VAT number or electronic address, or added.' },
];

export function drawEInvoiceForm(viewer: Viewer, problems?: readonly FieldProblem[]): string {
  return recordFormPage({
    viewer,
    title: "Import a supplier's e-invoice",
    intro: 'An invoice becomes a bill and a credit note a vendor credit, with the lines, tax and totals of the e-invoice; the XML is kept on it. The same e-invoice twice is booked once.',
    action: '/dashboard/bills/e-invoice',
    fields: E_INVOICE_FIELDS,
    typed: { xml: '' },
    submit: 'Import',
    back: '/dashboard/bills',
    ...(problems ? { problems } : {}),
  });
}
