import { categorizeLine } from '../../../shared/banking/reconcile.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesCategorize, async ({ businessId, id, body }) => ok('Line categorized', await categorizeLine(businessId, id, body)));
