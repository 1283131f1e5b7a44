/**
 * A sales document's PDF: the document, the business's profile and the customer read side by side (one round trip
 * each, in parallel), laid out as a sheet and drawn (`pdf.ts`).
 */
import { getBusinessProfile } from '../businesses/profile.ts';
import { documentSheet } from '../domain/document-sheet.ts';
import { DOCUMENT_SPECS, type DocumentType } from '../domain/documents.ts';
import { NotFound } from '../domain/errors.ts';
import type { Id } from '../domain/ids.ts';
import { parties } from '../parties/parties.ts';
import { renderSheetPdf } from './pdf.ts';
import { documentStore } from './records.ts';

export async function documentPdf(type: DocumentType, businessId: Id, id: Id, link: string | null = null): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  const [stored, business] = await Promise.all([documentStore.get(businessId, id), getBusinessProfile(businessId)]);
  if (!stored || stored.record.type !== type) throw new NotFound(DOCUMENT_SPECS[type].label);
  const document = stored.record;
  const customer = await parties('customer').store.get(businessId, document.party_id);
  const party = customer ? { name: customer.record.name, address: customer.record.billing_address, email: customer.record.email, phone: customer.record.phone, tax_number: customer.record.tax_number } : null;
  const sheet = documentSheet(business, party, { ...document, voided: document.voided_at !== null }, link);
  return { bytes: await renderSheetPdf(sheet), filename: `${document.no}.pdf` };
}
