import { deleteBankRule } from '../../../shared/banking/rules.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankRulesDelete, async ({ businessId, id }) => ok('Bank rule deleted', await deleteBankRule(businessId, id)));
