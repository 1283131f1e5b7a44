import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { profitAndLossReport } from '../../../shared/ledger/reports.ts';
import { today } from '../../../shared/domain/dates.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.profitAndLossGet, async ({ businessId, query }) => {
  const to = query.to ?? today();
  return ok('Profit and loss', await profitAndLossReport(businessId, query.from ?? `${to.slice(0, 4)}-01-01`, to));
});
