import { listBankRules } from '../../../shared/banking/rules.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankRulesList, async ({ businessId, query }) => ok('Bank rules', await listBankRules(businessId, pageRequestOf(query))));
