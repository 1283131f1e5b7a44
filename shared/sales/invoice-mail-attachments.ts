/**
 * What an invoice e-mail carries, by its customer's preference (`e_invoice`): the PDF alone; the PDF and the
 * e-invoice's XML (ubl, cii); or the Factur-X PDF, which is both in one file (factur-x).
 */
import type { Id } from '../platform/core/ids.ts';
import type { Attachment } from '../platform/mail/compose.ts';
import type { DocumentRecord } from '../ledger/index.ts';
import type { DocumentContext } from './document-context.ts';
import { pdfOfSheet } from './document-pdf.ts';
import type { Sheet } from './document-sheet.ts';
import { eInvoiceXml } from './e-invoice-file.ts';
import { eInvoiceOfRecord } from './e-invoice-of.ts';
import { facturXOfSheet } from './factur-x-pdf.ts';

const asPdf = (file: { readonly bytes: Buffer; readonly filename: string }): Attachment => ({ filename: file.filename, content: file.bytes, contentType: 'application/pdf' });

/** The attachments of an invoice's e-mail; an e-invoice the standard would refuse is refused (422), as its download is. */
export async function invoiceMailAttachments(businessId: Id, invoice: DocumentRecord & { readonly type: 'invoice' }, sheet: Sheet, link: string, context: DocumentContext): Promise<Attachment[]> {
  const preference = context.customer?.e_invoice?.syntax ?? null;
  if (preference === null) return [asPdf(await pdfOfSheet(sheet))];
  const eInvoice = await eInvoiceOfRecord(preference === 'factur-x' ? 'cii' : preference, businessId, invoice, link, context);
  if (preference === 'factur-x') return [asPdf(await facturXOfSheet(sheet, eInvoice, new Date(invoice.created_at)))];
  const xml = eInvoiceXml(eInvoice, preference);
  return [asPdf(await pdfOfSheet(sheet)), { filename: xml.filename, content: xml.bytes, contentType: 'application/xml' }];
}
