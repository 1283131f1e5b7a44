import { defineHandler } from '../../../shared/http/define-handler.ts';
import { itemsRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listItems } from '../../../shared/items/items.ts';

export const handler = defineHandler(itemsRoutes.list, async ({ businessId, query }) => ok('Items', await listItems(businessId, query)));
