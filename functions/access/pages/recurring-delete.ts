import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { deleteRecurringInvoice } from '../../../shared/sales/index.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.recurringDelete, async ({ viewer, id }) => {
  await deleteRecurringInvoice(viewer.business.id, id);
  return redirect('/dashboard/recurring-invoices?notice=recurring_deleted');
});
