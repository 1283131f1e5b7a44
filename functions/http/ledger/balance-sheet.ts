import { fiscalYearStartMonth } from '../../../shared/businesses/profile.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { balanceSheetReport } from '../../../shared/ledger/reports.ts';
import { today } from '../../../shared/domain/dates.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.balanceSheetGet, async ({ businessId, query }) => ok('Balance sheet', await balanceSheetReport(businessId, query.as_of ?? today(), await fiscalYearStartMonth(businessId))));
