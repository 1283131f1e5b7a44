import { createRail } from '../../../shared/banking/rails.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { payoutRailsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(payoutRailsRoutes.create, async ({ businessId, body }) => created('Payout rail created; the secret is shown only now', await createRail(businessId, body)));
