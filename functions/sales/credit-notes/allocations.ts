import { allocationsPageOfCredit } from '../../../shared/cash/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { creditNotesRoutes } from './routes.ts';

export const handler = defineHandler(creditNotesRoutes.allocations, async ({ businessId, id, query }) => ok('Credit allocations', await allocationsPageOfCredit('credit_note', businessId, id, pageRequestOf(query))));
