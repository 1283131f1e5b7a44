/**
 * A posted invoice's or credit note's e-invoice in its business terms: the document, the business's profile, the
 * customer and the tax rates read side by side and made into EN 16931 terms (`shared/einvoicing/from-document.ts`).
 * What the standard would refuse is refused, naming each field (422 `e_invoice_incomplete`). No XML here, and no
 * PDF: a route that only checks (an invoice's send, for a customer who prefers e-invoices) carries no writer.
 */
import { NotFound, StateConflict, Unprocessable } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { DOCUMENT_SPECS } from '../ledger/index.ts';
import type { DocumentRecord } from '../ledger/index.ts';
import { readDocumentContext, type DocumentContext } from './document-context.ts';
import { eInvoiceOf, type Syntax, ruleFailures } from '../einvoicing/index.ts';
import type { EInvoice } from '../einvoicing/index.ts';

export type EInvoiceDocumentType = 'invoice' | 'credit_note';

/**
 * The e-invoice of a posted document in its business terms, from its context (the business, the customer and the
 * rates, read side by side: `readDocumentContext`): refused (422) while the standard would refuse it.
 */
export async function eInvoiceOfRecord(syntax: Syntax, businessId: Id, document: DocumentRecord & { readonly type: EInvoiceDocumentType }, link: string | null, context?: DocumentContext): Promise<EInvoice> {
  const label = DOCUMENT_SPECS[document.type].label;
  if (document.voided_at !== null) throw new StateConflict(`The ${label} is voided: a voided document is not sent as an e-invoice.`);
  const { business, customer, rates } = context ?? (await readDocumentContext(businessId, document));
  if (!customer) throw new NotFound('customer');
  const made = eInvoiceOf({
    syntax,
    document,
    business,
    customer: { name: customer.name, address: customer.billing_address, tax_number: customer.tax_number, electronic_address: customer.electronic_address ?? null, email: customer.email },
    rates,
    link,
  });
  if ('problems' in made) throw new Unprocessable('e_invoice_incomplete', `The ${label} cannot be a valid EN 16931 e-invoice yet; fill or change what each detail names.`, made.problems);
  // What passes the checks above is valid by construction; a broken rule here is a bug in the mapping, not the user's.
  const failures = ruleFailures(made.invoice);
  if (failures.length > 0) throw new Error(`The e-invoice of ${document.type} ${document.id} breaks ${failures.map((failure) => failure.rule).join(', ')}`);
  return made.invoice;
}
