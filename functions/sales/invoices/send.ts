import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { accepted } from '../../../shared/platform/http/responses.ts';
import { queueInvoiceMail } from '../../../shared/sales/invoice-mail.ts';
import { invoicesRoutes } from './routes.ts';

export const handler = defineHandler(invoicesRoutes.send, async ({ businessId, id, body, event }) => accepted('Invoice e-mail queued', await queueInvoiceMail(businessId, id, body, idempotencyKeyOf(event, 'invoices.send'))));
