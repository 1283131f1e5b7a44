import * as v from 'valibot';
import { RuleViolation } from '../platform/core/errors.ts';
import type { Syntax } from './from-document.ts';

export const EInvoiceQuery = v.strictObject({
  syntax: v.optional(v.pipe(v.picklist(['ubl', 'cii'], 'must be ubl or cii'), v.description('ubl (default): a Peppol BIS Billing 3.0 UBL 2.1 document; cii: a UN/CEFACT Cross Industry Invoice (D16B).')), 'ubl'),
});

export const EInvoiceFileName = v.pipe(v.string(), v.description('The e-invoice itself (application/xml), named <number>.xml (<number>-cii.xml for CII); it passes the official EN 16931 validation artefacts.'));

/** The answer when the document cannot be a valid e-invoice yet (422 `e_invoice_incomplete`), each field named with its rule. */
export const E_INVOICE_INCOMPLETE = "The business, the customer or the document lacks what EN 16931 requires, or holds what it cannot express (e_invoice_incomplete); `details` names each field (`business.tax_number`, `customer.billing_address.country`, …) and the rule. Nothing was made.";

/** The syntax a dashboard link asks for (`?syntax=`), UBL when it names none: the same choice as the API's query. */
export function syntaxOfQuery(query: Readonly<Record<string, string | undefined>> | undefined): Syntax {
  const parsed = v.safeParse(EInvoiceQuery, { ...(query?.syntax !== undefined ? { syntax: query.syntax } : {}) });
  if (!parsed.success) throw RuleViolation.of('syntax', 'must be ubl or cii');
  return parsed.output.syntax;
}

export const InvoicePdfQuery = v.strictObject({
  profile: v.optional(v.pipe(v.picklist(['factur-x'], 'must be factur-x'), v.description('factur-x: a PDF/A-3 carrying the invoice as CII (`factur-x.xml`, profile EN 16931), refused as the e-invoice is when the standard would refuse it; left out: the plain PDF.'))),
});
