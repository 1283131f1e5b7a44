import { agedPage } from '../../../shared/reports/pages/report-figures.ts';
import { asOfControls, reportHandler } from './report-pages.ts';
import { reportsPageRoutes } from './routes.ts';

/** Each customer's row leads to its invoices. */
export const handler = reportHandler(reportsPageRoutes.reportAgedReceivables, 'aged-receivables', async (viewer, query) => {
  const { asOf, view, controls } = asOfControls('aged-receivables', query);
  return { report: await agedPage(viewer.business.id, 'receivables', asOf, view, (partyId) => `/dashboard/invoices?customer_id=${partyId}`), controls };
});
