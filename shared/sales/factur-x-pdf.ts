/**
 * An invoice as a Factur-X PDF, profile EN 16931: the invoice's own PDF, made PDF/A-3b, carrying its CII as
 * `factur-x.xml` (relationship Alternative: the XML is the invoice, for machines) and the Factur-X XMP.
 */
import type { Id } from '../platform/core/ids.ts';
import { ciiOf, FACTUR_X_FILE, FACTUR_X_XMP } from '../einvoicing/index.ts';
import { pdfOfSheet, sheetOf } from './document-pdf.ts';
import type { Sheet } from './document-sheet.ts';
import type { EInvoice } from '../einvoicing/index.ts';
import { eInvoiceOfDocument } from './e-invoice-file.ts';

/** A sheet drawn as a Factur-X PDF carrying the e-invoice's CII. */
export function facturXOfSheet(sheet: Sheet, invoice: EInvoice, created: Date): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  return pdfOfSheet(sheet, { name: FACTUR_X_FILE, bytes: Buffer.from(ciiOf(invoice), 'utf8'), mimeType: 'text/xml', description: `Factur-X invoice ${invoice.number}`, relationship: 'Alternative', xmp: FACTUR_X_XMP, date: created });
}

/** A posted invoice as a Factur-X PDF; refused, as its e-invoice is, while the standard would refuse it. */
export async function facturXPdf(businessId: Id, id: Id): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  const { invoice, document, link, context } = await eInvoiceOfDocument('invoice', 'cii', businessId, id);
  return facturXOfSheet(await sheetOf(businessId, document, link, context), invoice, new Date(document.created_at));
}
