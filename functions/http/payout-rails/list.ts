import { listRails } from '../../../shared/banking/rails.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { payoutRailsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(payoutRailsRoutes.list, async ({ businessId, query }) => ok('Payout rails', await listRails(businessId, pageRequestOf(query))));
