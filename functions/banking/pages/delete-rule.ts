import { deleteBankRule } from '../../../shared/banking/rules.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.deleteRule, async ({ viewer, id }) => {
  await deleteBankRule(viewer.business.id, id);
  return redirect('/dashboard/banking/rules?notice=rule_deleted');
});
