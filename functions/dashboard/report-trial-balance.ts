import { trialBalancePage } from '../../shared/reports/pages/report-figures.ts';
import { asOfControls, reportHandler } from './report-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = reportHandler(dashboardRoutes.reportTrialBalance, 'trial-balance', async (viewer, query) => {
  const { asOf, view, controls } = asOfControls('trial-balance', query);
  return { report: await trialBalancePage(viewer.business.id, asOf, view), controls };
});
