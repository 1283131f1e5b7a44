import { listBankAccounts } from '../../../shared/banking/bank-accounts.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('bankAccounts.list', async ({ businessId, query }) => ok('Bank accounts', await listBankAccounts(businessId, pageRequestOf(query))));
