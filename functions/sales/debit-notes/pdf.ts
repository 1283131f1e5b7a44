import { documentPdf } from '../../../shared/sales/document-pdf.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pdf } from '../../../shared/platform/http/responses.ts';
import { debitNotesRoutes } from './routes.ts';

export const handler = defineHandler(debitNotesRoutes.pdf, async ({ businessId, id }) => pdf('A debit note as a PDF', await documentPdf('debit_note', businessId, id)));
