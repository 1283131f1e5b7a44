/**
 * A sales document as its customer sees it: the document, the business's profile and the customer read side by
 * side, laid out as a sheet (`document-sheet.ts`), then drawn as a PDF (`pdf.ts`) or as the public page.
 */
import { documentSheet, type Sheet } from './document-sheet.ts';
import { DOCUMENT_SPECS, documentStore } from '../ledger/index.ts';
import type { DocumentRecord, DocumentType } from '../ledger/index.ts';
import { NotFound } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { renderSheetPdf, type ArchivedFile } from './pdf.ts';
import { publicInvoiceLink } from './public-links.ts';
import { readDocumentContext, type DocumentContext } from './document-context.ts';

/** The sheet of a document of the business: its profile and the customer read side by side (or the context already read). */
export async function sheetOf(businessId: Id, document: DocumentRecord, link: string | null, context?: DocumentContext): Promise<Sheet> {
  const { business, customer, rates } = context ?? (await readDocumentContext(businessId, document));
  const party = customer ? { name: customer.name, address: customer.billing_address, email: customer.email, phone: customer.phone, tax_number: customer.tax_number } : null;
  return documentSheet(business, party, { ...document, voided: document.voided_at !== null }, link, rates);
}

export async function pdfOfSheet(sheet: Sheet, archived?: ArchivedFile): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  return { bytes: await renderSheetPdf(sheet, archived), filename: `${sheet.no}.pdf` };
}

/** A document's PDF; an invoice's carries its public link (published by the same call). */
export async function documentPdf(type: DocumentType, businessId: Id, id: Id): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  const stored = await documentStore.get(businessId, id);
  if (!stored || stored.record.type !== type) throw new NotFound(DOCUMENT_SPECS[type].label);
  const link = type === 'invoice' ? (await publicInvoiceLink(businessId, id)).url : null;
  return pdfOfSheet(await sheetOf(businessId, stored.record, link));
}
