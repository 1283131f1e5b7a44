import { today } from '../../../shared/platform/core/dates.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { updateRecurringInvoice, RecurringInvoicePatch } from '../../../shared/sales/index.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/** Pause or resume, through PATCH /recurring-invoices/{id}'s schema and use case (resuming posts what is due now). */
export const handler = defineDashboardPage(rows.recurringStatus, async ({ viewer, id, form }) => {
  const body = parseInput(RecurringInvoicePatch, { status: form.status?.[0] ?? '' }, 'form');
  await updateRecurringInvoice(viewer.business.id, id, body, today());
  return redirect(`/dashboard/recurring-invoices?notice=${body.status === 'paused' ? 'recurring_paused' : 'recurring_resumed'}`);
});
