import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { unrealizedFxReport } from '../../../shared/reports/index.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.unrealizedFxGet, async ({ businessId, query }) => ok('Unrealized currency gains and losses', await unrealizedFxReport(businessId, query.as_of ?? today())));
