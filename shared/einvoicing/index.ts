/**
 * The einvoicing domain's public entry: what other domains and their entry points use of it. A domain imports
 * another only through its index (design.md, "Dependencies point one way"; `test/platform/layers.test.ts`).
 */
export { ciiOf } from './cii.ts';
export { FACTUR_X_FILE, FACTUR_X_XMP } from './factur-x.ts';
export { eInvoiceOf } from './from-document.ts';
export type { Syntax } from './from-document.ts';
export type { EInvoice, ReceivedInvoice, VatCategory } from './model.ts';
export { readEInvoice } from './read.ts';
export { ruleFailures } from './rules.ts';
export { EInvoiceFileName, EInvoiceQuery, E_INVOICE_INCOMPLETE, InvoicePdfQuery, syntaxOfQuery } from './schemas.ts';
export { ublOf } from './ubl.ts';
