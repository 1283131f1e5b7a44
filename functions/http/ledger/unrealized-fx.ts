import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { today } from '../../../shared/domain/dates.ts';
import { unrealizedFxReport } from '../../../shared/ledger/unrealized-fx.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.unrealizedFxGet, async ({ businessId, query }) => ok('Unrealized currency gains and losses', await unrealizedFxReport(businessId, query.as_of ?? today())));
