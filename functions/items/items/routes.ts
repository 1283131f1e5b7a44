import * as v from 'valibot';
import { Item, ItemCreate, ItemListQuery, ItemPatch } from '../../../shared/items/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const itemsRoutes = defineRoutes({
  create: { id: 'items.create', method: 'POST', path: '/api/v1/items', entry: 'functions/items/items/create.ts', auth: 'bearer', scope: 'inventory_items:create', contract: { summary: 'Create an item', tag: 'Items', body: ItemCreate, response: Item, status: 201 } },
  list: { id: 'items.list', method: 'GET', path: '/api/v1/items', entry: 'functions/items/items/list.ts', auth: 'bearer', scope: 'inventory_items:read', contract: { summary: 'List items (a plain array), filtered by type and status', tag: 'Items', query: ItemListQuery, response: v.array(Item) } },
  get: { id: 'items.get', method: 'GET', path: '/api/v1/items/{id}', entry: 'functions/items/items/get.ts', auth: 'bearer', scope: 'inventory_items:read', contract: { summary: 'Get an item', tag: 'Items', response: Item } },
  update: { id: 'items.update', method: 'PATCH', path: '/api/v1/items/{id}', entry: 'functions/items/items/update.ts', auth: 'bearer', scope: 'inventory_items:update', contract: { summary: 'Update an item', tag: 'Items', body: ItemPatch, response: Item } },
});
