import { defineHandler } from '../../../shared/access/index.ts';
import { itemsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createItem } from '../../../shared/items/items.ts';

export const handler = defineHandler(itemsRoutes.create, async ({ businessId, body }) => created('Item created', await createItem(businessId, body)));
