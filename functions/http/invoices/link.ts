import { publicInvoiceLink } from '../../../shared/documents/public-links.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { invoicesRoutes } from './routes.ts';

export const handler = defineHandler(invoicesRoutes.link, async ({ businessId, id }) => ok("The invoice's public link", await publicInvoiceLink(businessId, id)));
