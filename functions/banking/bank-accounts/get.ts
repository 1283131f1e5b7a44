import { getBankAccount } from '../../../shared/banking/bank-accounts.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { bankAccountsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankAccountsGet, async ({ businessId, id }) => ok('Bank account', await getBankAccount(businessId, id)));
