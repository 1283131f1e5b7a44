import { defineHandler } from '../../../shared/access/index.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createTrackingCategory } from '../../../shared/ledger/tracking/categories.ts';
import { trackingCategoriesRoutes } from './routes.ts';

export const handler = defineHandler(trackingCategoriesRoutes.create, async ({ businessId, body }) => created('Tracking category created', await createTrackingCategory(businessId, body)));
