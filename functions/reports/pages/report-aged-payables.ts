import { agedPage } from '../../../shared/reports/pages/report-figures.ts';
import { asOfControls, reportHandler } from './report-pages.ts';
import { reportsPageRoutes } from './routes.ts';

/** Each vendor's row leads to its bills. */
export const handler = reportHandler(reportsPageRoutes.reportAgedPayables, 'aged-payables', async (viewer, query) => {
  const { asOf, view, controls } = asOfControls('aged-payables', query);
  return { report: await agedPage(viewer.business.id, 'payables', asOf, view, (partyId) => `/dashboard/bills?vendor_id=${partyId}`), controls };
});
