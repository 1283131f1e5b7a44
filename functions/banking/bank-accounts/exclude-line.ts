import { excludeLine } from '../../../shared/banking/reconcile.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesExclude, async ({ businessId, id }) => ok('Line excluded', await excludeLine(businessId, id)));
