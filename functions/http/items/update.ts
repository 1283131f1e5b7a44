import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { updateItem } from '../../../shared/items/items.ts';

export const handler = defineHandler('items.update', async ({ businessId, id, body }) => ok('Item updated', await updateItem(businessId, id, body)));
