import { eInvoiceFile } from '../../../shared/sales/e-invoice-file.ts';
import { syntaxOfQuery } from '../../../shared/einvoicing/index.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { fileAttachment } from '../../../shared/platform/http/web.ts';
import { salesPageRoutes } from './routes.ts';

/** The invoice as an e-invoice (UBL, or CII with `?syntax=cii`); what it lacks is named on the error page. */
export const handler = defineDashboardPage(salesPageRoutes.invoiceEInvoice, async ({ viewer, id, event }) => fileAttachment(await eInvoiceFile('invoice', syntaxOfQuery(event.queryStringParameters), viewer.business.id, id), 'application/xml'));
