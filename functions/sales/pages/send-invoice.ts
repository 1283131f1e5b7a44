import { documentDetail } from '../../../shared/sales/pages/documents-rules.ts';
import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { documentPage } from '../../../shared/sales/pages/documents.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { formIdempotencyKey } from '../../../shared/platform/http/idempotency.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { queueInvoiceMail } from '../../../shared/sales/invoice-mail.ts';
import { InvoiceSendInput } from '../../../shared/sales/invoice-mail-schemas.ts';
import { salesPageRoutes } from './routes.ts';

/**
 * E-mails the invoice through the API's use case and schema: to the customer's address unless others are typed
 * (comma separated), with the person's message. The idempotency key drawn with the page makes a second click a
 * replay; a refusal draws the invoice's page again with what was typed, under the same key.
 */
export const handler = defineDashboardPage(salesPageRoutes.sendInvoice, async ({ viewer, id, form }) => {
  try {
    const scope = formIdempotencyKey(form, 'dashboard.sendInvoice');
    const to = (form.to?.[0] ?? '').split(',').map((address) => address.trim()).filter(Boolean);
    const message = form.message?.[0]?.trim();
    const body = parseInput(InvoiceSendInput, { ...(to.length ? { to } : {}), ...(message ? { message } : {}) }, 'form');
    await queueInvoiceMail(viewer.business.id, id, body, scope);
    return redirect(`/dashboard/invoices/${id}?notice=invoice_queued`);
  } catch (error) {
    const refused = refusalOf(error);
    const detail = await documentDetail(SIDES.invoice, viewer.business.id, id);
    return html(refused.status, documentPage({ viewer, side: SIDES.invoice, detail, sendKey: form.idempotency_key?.[0] ?? '', sendEntry: { typed: form, problems: refused.problems } }), [], { headers: refused.headers });
  }
});
