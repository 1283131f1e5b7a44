import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { estimatesRoutes } from './routes.ts';

export const handler = defineHandler(estimatesRoutes.pdf, async ({ businessId, id }) => pdf('An estimate as a PDF', await documentPdf('estimate', businessId, id)));
