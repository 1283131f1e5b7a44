import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateAccount } from '../../../shared/ledger/chart.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.accountsUpdate, async ({ businessId, id, body }) => ok('Account updated', await updateAccount(businessId, id, body)));
