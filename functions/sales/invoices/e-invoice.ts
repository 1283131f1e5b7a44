import { eInvoiceFile } from '../../../shared/sales/e-invoice-file.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { xml } from '../../../shared/platform/http/responses.ts';
import { invoicesRoutes } from './routes.ts';

// An invoice's e-invoice carries its public link (published by the same call), as its PDF does.
export const handler = defineHandler(invoicesRoutes.eInvoice, async ({ businessId, id, query }) => xml('An invoice as an e-invoice', await eInvoiceFile('invoice', query.syntax, businessId, id)));
