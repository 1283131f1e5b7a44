import { matchLine } from '../../../shared/banking/reconcile.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesMatch, async ({ businessId, id, body }) => ok('Line matched', await matchLine(businessId, id, body)));
