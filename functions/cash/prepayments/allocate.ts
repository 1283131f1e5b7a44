import { allocateCredit } from '../../../shared/cash/credit-allocations.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { prepaymentsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.allocate, async ({ businessId, id, body }) => created('Prepayment applied', await allocateCredit('prepayment', businessId, id, body)));
