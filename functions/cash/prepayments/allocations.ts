import { allocationsPageOfCredit } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.allocations, async ({ businessId, id, query }) => ok('Prepayment allocations', await allocationsPageOfCredit('prepayment', businessId, id, pageRequestOf(query))));
