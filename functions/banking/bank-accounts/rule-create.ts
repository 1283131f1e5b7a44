import { createBankRule } from '../../../shared/banking/rules.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankRulesCreate, async ({ businessId, body }) => created('Bank rule added', await createBankRule(businessId, body)));
