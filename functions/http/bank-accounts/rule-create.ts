import { createBankRule } from '../../../shared/banking/rules.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankRulesCreate, async ({ businessId, body }) => created('Bank rule added', await createBankRule(businessId, body)));
