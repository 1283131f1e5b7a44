import { defineDashboardPage } from '../../../shared/access/index.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { updateTaxRate } from '../../../shared/ledger/tax/tax-rates.ts';
import { ledgerPageRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.archiveTaxRate, async ({ viewer, id }) => {
  await updateTaxRate(viewer.business.id, id, { archived: true });
  return redirect('/dashboard/settings/tax-rates?notice=tax_rate_archived');
});
