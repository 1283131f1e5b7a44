import { defineHandler } from '../../../shared/access/index.ts';
import { itemsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getItemResource } from '../../../shared/items/items.ts';

export const handler = defineHandler(itemsRoutes.get, async ({ businessId, id }) => ok('Item', await getItemResource(businessId, id)));
