import { getImport } from '../../../shared/banking/imports.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankImportsGet, async ({ businessId, id }) => ok('Import', await getImport(businessId, id)));
