import { publicInvoiceLink } from '../../../shared/sales/public-links.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { invoicesRoutes } from './routes.ts';

export const handler = defineHandler(invoicesRoutes.link, async ({ businessId, id }) => ok("The invoice's public link", await publicInvoiceLink(businessId, id)));
