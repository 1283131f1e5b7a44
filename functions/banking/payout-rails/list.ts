import { listRails } from '../../../shared/banking/rails.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { payoutRailsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(payoutRailsRoutes.list, async ({ businessId, query }) => ok('Payout rails', await listRails(businessId, pageRequestOf(query))));
