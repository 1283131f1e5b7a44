import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { linePage } from './line-page.ts';
import { noticeOf } from '../../../shared/sales/index.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.line, async ({ viewer, id, event }) => html(200, await linePage(viewer, id, { notice: noticeOf(event.queryStringParameters?.notice) })));
