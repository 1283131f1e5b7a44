import { defineHandler } from '../../../shared/access/index.ts';
import { ledgerRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { trialBalance } from '../../../shared/reports/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';

export const handler = defineHandler(ledgerRoutes.trialBalanceGet, async ({ businessId, query }) => ok('Trial balance', await trialBalance(businessId, query.as_of ?? today())));
