import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listItems } from '../../../shared/items/items.ts';

export const handler = defineHandler('items.list', async ({ businessId, query }) => ok('Items', await listItems(businessId, query)));
