import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateTrackingCategory } from '../../../shared/ledger/tracking/categories.ts';
import { trackingCategoriesRoutes } from './routes.ts';

export const handler = defineHandler(trackingCategoriesRoutes.update, async ({ businessId, id, body }) => ok('Tracking category updated', await updateTrackingCategory(businessId, id, body)));
