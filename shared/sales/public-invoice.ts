/**
 * The public invoice page and its PDF, opened by a link's token: no credential, nothing of the business beyond what
 * the invoice itself shows (see `public-links.ts` for the token).
 */
import { pdfOfSheet, sheetOf } from './document-pdf.ts';
import { invoiceByToken, publicLinkUrl } from './public-links.ts';
import { publicInvoicePage } from './public-page.tsx';
import { documentStatus } from '../ledger/index.ts';

/** The public page of the invoice a token opens, as HTML; its link is the page's own. */
export async function publicInvoiceHtml(token: string): Promise<string> {
  const { businessId, invoice } = await invoiceByToken(token);
  const url = publicLinkUrl(token);
  return publicInvoicePage(await sheetOf(businessId, invoice, url), documentStatus(invoice), `${url}/pdf`);
}

/** The PDF of the invoice a token opens, carrying the public link. */
export async function publicInvoicePdf(token: string): Promise<{ readonly bytes: Buffer; readonly filename: string }> {
  const { businessId, invoice } = await invoiceByToken(token);
  return pdfOfSheet(await sheetOf(businessId, invoice, publicLinkUrl(token)));
}
