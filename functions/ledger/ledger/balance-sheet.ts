import { fiscalYearStartMonth, defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { balanceSheetReport } from '../../../shared/reports/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.balanceSheetGet, async ({ businessId, query }) => ok('Balance sheet', await balanceSheetReport(businessId, query.as_of ?? today(), await fiscalYearStartMonth(businessId))));
