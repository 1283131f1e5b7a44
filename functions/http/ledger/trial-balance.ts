import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ledgerRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { trialBalance } from '../../../shared/ledger/reports.ts';

export const handler = defineHandler(ledgerRoutes.trialBalanceGet, async ({ businessId, query }) => ok('Trial balance', await trialBalance(businessId, query.as_of ?? new Date().toISOString().slice(0, 10))));
