import { trialBalancePage } from '../../../shared/reports/pages/report-figures.ts';
import { asOfControls, reportHandler } from './report-pages.ts';
import { reportsPageRoutes } from './routes.ts';

export const handler = reportHandler(reportsPageRoutes.reportTrialBalance, 'trial-balance', async (viewer, query) => {
  const { asOf, view, controls } = asOfControls('trial-balance', query);
  return { report: await trialBalancePage(viewer.business.id, asOf, view), controls };
});
