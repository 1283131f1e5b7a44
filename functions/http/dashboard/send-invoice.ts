import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { validationError } from '../../../shared/http/errors.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { originOf, redirect } from '../../../shared/http/web.ts';
import { queueInvoiceMail } from '../../../shared/mail/invoice-mail.ts';
import { InvoiceSendInput } from '../../../shared/mail/schemas.ts';
import { dashboardRoutes } from './routes.ts';

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/**
 * E-mails the invoice through the API's use case and schema: to the customer's address unless others are typed
 * (comma separated), with the person's message. The idempotency key drawn with the page makes a second click a replay.
 */
export const handler = defineDashboardPage(dashboardRoutes.sendInvoice, async ({ viewer, id, form, event }) => {
  const key = form.idempotency_key?.[0] ?? '';
  if (!VISIBLE_ASCII.test(key)) throw validationError([{ field: 'idempotency_key', message: 'is missing: reload the page' }]);
  const to = (form.to?.[0] ?? '').split(',').map((address) => address.trim()).filter(Boolean);
  const message = form.message?.[0]?.trim();
  const body = parseInput(InvoiceSendInput, { ...(to.length ? { to } : {}), ...(message ? { message } : {}) }, 'form');
  await queueInvoiceMail(viewer.business.id, id, body, originOf(event), { route: 'dashboard.sendInvoice', key });
  return redirect(`/dashboard/invoices/${id}?notice=invoice_queued`);
});
