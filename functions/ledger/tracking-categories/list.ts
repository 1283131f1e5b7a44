import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listTrackingCategories } from '../../../shared/ledger/tracking/categories.ts';
import { trackingCategoriesRoutes } from './routes.ts';

export const handler = defineHandler(trackingCategoriesRoutes.list, async ({ businessId }) => ok('Tracking categories', await listTrackingCategories(businessId)));
