import { createBankAccount } from '../../../shared/banking/bank-accounts.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { bankAccountsRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankAccountsCreate, async ({ businessId, body }) => created('Bank account created', await createBankAccount(businessId, body)));
