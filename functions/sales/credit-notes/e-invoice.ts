import { eInvoiceFile } from '../../../shared/sales/e-invoice-file.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { xml } from '../../../shared/platform/http/responses.ts';
import { creditNotesRoutes } from './routes.ts';

export const handler = defineHandler(creditNotesRoutes.eInvoice, async ({ businessId, id, query }) => xml('A credit note as an e-invoice', await eInvoiceFile('credit_note', query.syntax, businessId, id)));
