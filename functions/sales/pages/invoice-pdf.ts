import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { pdfAttachment } from '../../../shared/platform/http/web.ts';
import { salesPageRoutes } from './routes.ts';

/** The invoice as the customer gets it: its PDF, with its public link (published by the same call, as the API's). */
export const handler = defineDashboardPage(salesPageRoutes.invoicePdf, async ({ viewer, id }) => pdfAttachment(await documentPdf('invoice', viewer.business.id, id)));
