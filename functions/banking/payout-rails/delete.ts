import { deleteRail } from '../../../shared/banking/rails.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { payoutRailsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(payoutRailsRoutes.delete, async ({ businessId, id }) => ok('Payout rail deleted', await deleteRail(businessId, id)));
