import { fiscalYearStartMonth, defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { profitAndLossReport } from '../../../shared/reports/index.ts';
import { fiscalYearStart, today } from '../../../shared/platform/core/dates.ts';
import { ledgerRoutes } from './routes.ts';

/** Without `from`, the period starts with the financial year that holds `to` (the business's "this year"). */
export const handler = defineHandler(ledgerRoutes.profitAndLossGet, async ({ businessId, query }) => {
  const to = query.to ?? today();
  const from = query.from ?? fiscalYearStart(to, await fiscalYearStartMonth(businessId));
  const tracking = query.tracking_category_id ? { categoryId: query.tracking_category_id } : query.tracking_option_id ? { optionId: query.tracking_option_id } : undefined;
  return ok('Profit and loss', await profitAndLossReport(businessId, from, to, query.basis, tracking));
});
