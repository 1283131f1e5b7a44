import { defineHandler } from '../../../shared/access/index.ts';
import { itemsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listItems } from '../../../shared/items/items.ts';

export const handler = defineHandler(itemsRoutes.list, async ({ businessId, query }) => ok('Items', await listItems(businessId, query)));
