import { listLines } from '../../../shared/banking/lines.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { bankAccountsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesList, async ({ businessId, id, query }) => ok('Statement lines', await listLines(businessId, id, pageRequestOf(query), query)));
