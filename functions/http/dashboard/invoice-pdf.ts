import { documentPdf } from '../../../shared/documents/document-pdf.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { originOf } from '../../../shared/http/web.ts';
import { dashboardRoutes } from './routes.ts';

/** The invoice as the customer gets it: its PDF, with its public link (published by the same call, as the API's). */
export const handler = defineDashboardPage(dashboardRoutes.invoicePdf, async ({ viewer, id, event }) => {
  const file = await documentPdf('invoice', viewer.business.id, id, originOf(event));
  return { statusCode: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file.filename}"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: file.bytes.toString('base64'), isBase64Encoded: true };
});
