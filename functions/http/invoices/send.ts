import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { accepted } from '../../../shared/http/responses.ts';
import { queueInvoiceMail } from '../../../shared/mail/invoice-mail.ts';
import { invoicesRoutes } from './routes.ts';

export const handler = defineHandler(invoicesRoutes.send, async ({ businessId, id, body, event }) => accepted('Invoice e-mail queued', await queueInvoiceMail(businessId, id, body, idempotencyKeyOf(event, 'invoices.send'))));
