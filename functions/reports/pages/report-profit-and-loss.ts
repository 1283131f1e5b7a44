import { profitAndLossPage, profitByOptionPage } from '../../../shared/reports/pages/report-figures.ts';
import { periodControls, reportHandler } from './report-pages.ts';
import { reportsPageRoutes } from './routes.ts';

export const handler = reportHandler(reportsPageRoutes.reportProfitAndLoss, 'profit-and-loss', async (viewer, query) => {
  const { period, previous, view, basis, trackingCategoryId, controls } = await periodControls('profit-and-loss', viewer, query, { basis: true, tracking: true });
  return { report: trackingCategoryId ? await profitByOptionPage(viewer.business.id, period, view, trackingCategoryId) : await profitAndLossPage(viewer.business.id, period, previous, view, basis), controls };
});
