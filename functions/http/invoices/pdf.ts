import { documentPdf } from '../../../shared/documents/document-pdf.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pdf } from '../../../shared/http/responses.ts';
import { invoicesRoutes } from './routes.ts';

export const handler = defineHandler(invoicesRoutes.pdf, async ({ businessId, id }) => pdf('An invoice as a PDF', await documentPdf('invoice', businessId, id)));
