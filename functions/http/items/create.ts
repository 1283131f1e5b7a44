import { defineHandler } from '../../../shared/http/define-handler.ts';
import { itemsRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';
import { createItem } from '../../../shared/items/items.ts';

export const handler = defineHandler(itemsRoutes.create, async ({ businessId, body }) => created('Item created', await createItem(businessId, body)));
