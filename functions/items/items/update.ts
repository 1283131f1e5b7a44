import { defineHandler } from '../../../shared/access/index.ts';
import { itemsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateItem } from '../../../shared/items/items.ts';

export const handler = defineHandler(itemsRoutes.update, async ({ businessId, id, body }) => ok('Item updated', await updateItem(businessId, id, body)));
