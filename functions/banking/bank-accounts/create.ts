import { createBankAccount } from '../../../shared/banking/bank-accounts.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { bankAccountsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankAccountsCreate, async ({ businessId, body }) => created('Bank account created', await createBankAccount(businessId, body)));
