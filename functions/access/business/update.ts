import { updateBusinessProfile } from '../../../shared/access/businesses/profile.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { businessRoutes } from './routes.ts';

export const handler = defineHandler(businessRoutes.update, async ({ businessId, body }) => ok('Business updated', await updateBusinessProfile(businessId, body)));
