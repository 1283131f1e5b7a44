import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/items/pages/${entry}.ts`;

/** The items domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const itemsPageRoutes = defineRoutes({
  items: { id: 'dashboard.items', method: 'GET', path: '/dashboard/items', entry: page('items'), auth: 'browser', scope: 'inventory_items:read' },
  itemNew: { id: 'dashboard.itemNew', method: 'GET', path: '/dashboard/items/new', entry: page('item-new'), auth: 'browser', scope: 'inventory_items:create' },
  itemCreate: { id: 'dashboard.itemCreate', method: 'POST', path: '/dashboard/items', entry: page('item-create'), auth: 'browser', scope: 'inventory_items:create' },
  itemEdit: { id: 'dashboard.itemEdit', method: 'GET', path: '/dashboard/items/{id}/edit', entry: page('item-edit'), auth: 'browser', scope: 'inventory_items:update' },
  itemUpdate: { id: 'dashboard.itemUpdate', method: 'POST', path: '/dashboard/items/{id}', entry: page('item-update'), auth: 'browser', scope: 'inventory_items:update' },
});
