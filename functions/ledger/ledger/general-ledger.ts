import { fiscalYearStartMonth, defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { fiscalYearStart, today } from '../../../shared/platform/core/dates.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { generalLedgerReport } from '../../../shared/reports/index.ts';
import { ledgerRoutes } from './routes.ts';

/** Without `from`, the period starts with the financial year that holds `to`, as the profit and loss does. */
export const handler = defineHandler(ledgerRoutes.generalLedgerGet, async ({ businessId, query }) => {
  const to = query.to ?? today();
  const from = query.from ?? fiscalYearStart(to, await fiscalYearStartMonth(businessId));
  return ok('General ledger', await generalLedgerReport(businessId, { accountId: query.account_id as Id, from, to, pageSize: query.page_size, cursor: query.cursor, trackingOptionId: query.tracking_option_id }));
});
