import { fiscalYearStartMonth } from '../../../shared/access/index.ts';
import { balanceSheetPage } from '../../../shared/reports/pages/report-figures.ts';
import { periodControls, reportHandler } from './report-pages.ts';
import { reportsPageRoutes } from './routes.ts';

/** At the end of the chosen period, beside the end of the period before. */
export const handler = reportHandler(reportsPageRoutes.reportBalanceSheet, 'balance-sheet', async (viewer, query) => {
  const { period, previous, view, controls } = await periodControls('balance-sheet', viewer, query);
  return { report: await balanceSheetPage(viewer.business.id, period.to, previous.to, await fiscalYearStartMonth(viewer.business.id), view), controls };
});
