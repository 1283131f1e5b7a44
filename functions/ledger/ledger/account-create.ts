import { defineHandler } from '../../../shared/access/index.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createAccount } from '../../../shared/ledger/chart.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.accountsCreate, async ({ businessId, body }) => created('Account created', await createAccount(businessId, body)));
