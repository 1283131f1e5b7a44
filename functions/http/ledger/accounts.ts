import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ledgerRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { chartOfAccounts } from '../../../shared/ledger/reports.ts';

export const handler = defineHandler(ledgerRoutes.accountsList, async ({ businessId }) => ok('Chart of accounts', await chartOfAccounts(businessId)));
