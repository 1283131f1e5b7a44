import * as v from 'valibot';
import { IdRef } from '../platform/core/fields.ts';
import { Bill, VendorCredit } from '../ledger/index.ts';

/** A supplier's e-invoice given as an uploaded file (an attachment of any record, XML, up to 10 MB); the XML itself is sent as the body. */
export const EInvoiceImport = v.strictObject({
  attachment_id: v.pipe(IdRef, v.description('An available attachment holding the XML (application/xml or text/xml, at most 10 MB), for a document larger than a body may be.')),
});

/** What an import made: a bill from an invoice, a vendor credit from a credit note. */
export const EInvoiceImported = v.pipe(v.union([Bill, VendorCredit]), v.description('The bill an invoice became (bill_date, due_date), or the vendor credit a credit note became (date).'));

export const E_INVOICE_IMPORT_REFUSALS = {
  404: 'No such attachment (attachment_id) in this business.',
  200: 'This supplier document from this vendor was imported before: the bill (vendor credit) it became, unchanged.',
  422: 'The e-invoice is valid but the books cannot take it as it is (e_invoice_unsupported): a category the business has no tax rate of, a rounding amount (BT-114), more than 200 lines, or totals the per-rate tax would not reach; `details` names each. Nothing was made.',
} as const;
