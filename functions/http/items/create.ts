import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';
import { createItem } from '../../../shared/items/items.ts';

export const handler = defineHandler('items.create', async ({ businessId, body }) => created('Item created', await createItem(businessId, body)));
