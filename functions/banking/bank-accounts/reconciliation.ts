import { reconciliationOf } from '../../../shared/banking/reconciliation.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankReconciliation, async ({ businessId, id, query }) => ok('Reconciliation', await reconciliationOf(businessId, id, query.as_of)));
