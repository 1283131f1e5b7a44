import { eInvoiceFile } from '../../../shared/sales/e-invoice-file.ts';
import { syntaxOfQuery } from '../../../shared/einvoicing/index.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { fileAttachment } from '../../../shared/platform/http/web.ts';
import { salesPageRoutes } from './routes.ts';

/** The credit note as an e-invoice (UBL, or CII with `?syntax=cii`); what it lacks is named on the error page. */
export const handler = defineDashboardPage(salesPageRoutes.creditNoteEInvoice, async ({ viewer, id, event }) => fileAttachment(await eInvoiceFile('credit_note', syntaxOfQuery(event.queryStringParameters), viewer.business.id, id), 'application/xml'));
