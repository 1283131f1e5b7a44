import { listBankAccounts } from '../../../shared/banking/bank-accounts.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { bankAccountsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankAccountsList, async ({ businessId, query }) => ok('Bank accounts', await listBankAccounts(businessId, pageRequestOf(query))));
