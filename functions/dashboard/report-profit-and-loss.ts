import { profitAndLossPage } from '../../shared/reports/pages/report-figures.ts';
import { periodControls, reportHandler } from './report-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = reportHandler(dashboardRoutes.reportProfitAndLoss, 'profit-and-loss', async (viewer, query) => {
  const { period, previous, view, basis, controls } = await periodControls('profit-and-loss', viewer, query, { basis: true });
  return { report: await profitAndLossPage(viewer.business.id, period, previous, view, basis), controls };
});
