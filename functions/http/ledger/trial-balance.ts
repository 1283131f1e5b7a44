import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ledgerRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { trialBalance } from '../../../shared/ledger/reports.ts';
import { today } from '../../../shared/domain/dates.ts';

export const handler = defineHandler(ledgerRoutes.trialBalanceGet, async ({ businessId, query }) => ok('Trial balance', await trialBalance(businessId, query.as_of ?? today())));
