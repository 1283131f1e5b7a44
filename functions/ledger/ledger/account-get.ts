import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getAccount } from '../../../shared/ledger/chart.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.accountsGet, async ({ businessId, id }) => ok('Account', await getAccount(businessId, id)));
