import { defineHandler } from '../../../shared/access/index.ts';
import { ledgerRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { chartOfAccounts } from '../../../shared/ledger/accounts.ts';

export const handler = defineHandler(ledgerRoutes.accountsList, async ({ businessId }) => ok('Chart of accounts', await chartOfAccounts(businessId)));
