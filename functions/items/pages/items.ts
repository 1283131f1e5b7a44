import { noticeOf } from '../../../shared/sales/index.ts';
import { itemListPage } from '../../../shared/items/pages/catalogue.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { listItems } from '../../../shared/items/items.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = defineDashboardPage(itemsPageRoutes.items, async ({ viewer, event }) => html(200, itemListPage({ viewer, items: await listItems(viewer.business.id, {}), notice: noticeOf(event.queryStringParameters?.notice) })));
