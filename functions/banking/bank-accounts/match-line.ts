import { matchByRecording, matchLine } from '../../../shared/banking/reconcile.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesMatch, async ({ businessId, id, body, credential }) =>
  'party_id' in body ? ok('Money recorded and the line matched to it', await matchByRecording(businessId, id, body, credential.scopes)) : ok('Line matched', await matchLine(businessId, id, body)),
);
