import { retryDelivery } from '../../../shared/webhooks/index.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.retryDelivery, async ({ viewer, id }) => {
  const delivery = await retryDelivery(viewer.business.id, id);
  return redirect(`/dashboard/settings/webhooks/${delivery.endpoint_id}?notice=delivery_retried`);
});
