import { taxSummaryPage } from '../../../shared/reports/pages/tax-summary-figures.ts';
import { periodControls, reportHandler } from './report-pages.ts';
import { reportsPageRoutes } from './routes.ts';

export const handler = reportHandler(reportsPageRoutes.reportTaxSummary, 'tax-summary', async (viewer, query) => {
  const { period, basis, controls } = await periodControls('tax-summary', viewer, query, { basis: true });
  return { report: await taxSummaryPage(viewer.business.id, period, basis), controls: { ...controls, view: 'base' } };
});
