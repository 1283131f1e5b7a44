import { today } from '../../../shared/domain/dates.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { redirect } from '../../../shared/http/web.ts';
import { updateRecurringInvoice } from '../../../shared/recurring/recurring.ts';
import { RecurringInvoicePatch } from '../../../shared/recurring/schemas.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/** Pause or resume, through PATCH /recurring-invoices/{id}'s schema and use case (resuming posts what is due now). */
export const handler = defineDashboardPage(rows.recurringStatus, async ({ viewer, id, form }) => {
  const body = parseInput(RecurringInvoicePatch, { status: form.status?.[0] ?? '' }, 'form');
  await updateRecurringInvoice(viewer.business.id, id, body, today());
  return redirect(`/dashboard/recurring-invoices?notice=${body.status === 'paused' ? 'recurring_paused' : 'recurring_resumed'}`);
});
