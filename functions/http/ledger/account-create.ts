import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';
import { createAccount } from '../../../shared/ledger/chart.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.accountsCreate, async ({ businessId, body }) => created('Account created', await createAccount(businessId, body)));
