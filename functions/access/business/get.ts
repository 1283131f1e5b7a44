import { getBusinessProfile } from '../../../shared/access/businesses/profile.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { businessRoutes } from './routes.ts';

export const handler = defineHandler(businessRoutes.get, async ({ businessId }) => ok('Business', await getBusinessProfile(businessId)));
