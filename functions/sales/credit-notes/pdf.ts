import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { creditNotesRoutes } from './routes.ts';

export const handler = defineHandler(creditNotesRoutes.pdf, async ({ businessId, id }) => pdf('A credit note as a PDF', await documentPdf('credit_note', businessId, id)));
