import { updateBusinessProfile } from '../../../shared/businesses/profile.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { businessRoutes } from './routes.ts';

export const handler = defineHandler(businessRoutes.update, async ({ businessId, body }) => ok('Business updated', await updateBusinessProfile(businessId, body)));
