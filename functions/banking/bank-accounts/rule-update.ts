import { updateBankRule } from '../../../shared/banking/rules.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankRulesUpdate, async ({ businessId, id, body }) => ok('Bank rule updated', await updateBankRule(businessId, id, body)));
