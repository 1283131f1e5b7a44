/**
 * A posted invoice's or credit note's e-invoice as a file: made in EN 16931 terms (`e-invoice-of.ts`), then written
 * as UBL (Peppol BIS Billing 3.0) or CII.
 */
import { NotFound } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { DOCUMENT_SPECS, documentStore } from '../ledger/index.ts';
import type { DocumentRecord } from '../ledger/index.ts';
import { publicInvoiceLink } from './public-links.ts';
import { ciiOf, ublOf } from '../einvoicing/index.ts';
import type { Syntax, EInvoice } from '../einvoicing/index.ts';
import { eInvoiceOfRecord, type EInvoiceDocumentType } from './e-invoice-of.ts';
import { readDocumentContext, type DocumentContext } from './document-context.ts';

const isEInvoiceType = (document: DocumentRecord, type: EInvoiceDocumentType): document is DocumentRecord & { readonly type: EInvoiceDocumentType } => document.type === type;

/** A posted document's e-invoice, with the document, its public link (an invoice's, published by the same call) and the context it was made from. */
export async function eInvoiceOfDocument(type: EInvoiceDocumentType, syntax: Syntax, businessId: Id, id: Id): Promise<{ readonly invoice: EInvoice; readonly document: DocumentRecord; readonly link: string | null; readonly context: DocumentContext }> {
  const stored = await documentStore.get(businessId, id);
  if (!stored || !isEInvoiceType(stored.record, type)) throw new NotFound(DOCUMENT_SPECS[type].label);
  const publishes = type === 'invoice' && stored.record.voided_at === null;
  const [context, link] = await Promise.all([readDocumentContext(businessId, stored.record), publishes ? publicInvoiceLink(businessId, id).then(({ url }) => url) : Promise.resolve(null)]);
  return { invoice: await eInvoiceOfRecord(syntax, businessId, stored.record, link, context), document: stored.record, link, context };
}

/** An e-invoice as its XML file, named after its number. */
export function eInvoiceXml(invoice: EInvoice, syntax: Syntax): { readonly bytes: Buffer; readonly filename: string } {
  return { bytes: Buffer.from(syntax === 'ubl' ? ublOf(invoice) : ciiOf(invoice), 'utf8'), filename: `${invoice.number}${syntax === 'cii' ? '-cii' : ''}.xml` };
}

/** The XML file of a posted document's e-invoice, named after its number. */
export async function eInvoiceFile(type: EInvoiceDocumentType, syntax: Syntax, businessId: Id, id: Id): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  return eInvoiceXml((await eInvoiceOfDocument(type, syntax, businessId, id)).invoice, syntax);
}
