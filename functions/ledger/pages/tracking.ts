import { noticeOf } from '../../../shared/sales/index.ts';
import { trackingPage } from '../../../shared/ledger/pages/tracking.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { listTrackingCategories } from '../../../shared/ledger/tracking/categories.ts';
import { ledgerPageRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.tracking, async ({ viewer, event }) => html(200, trackingPage({ viewer, categories: (await listTrackingCategories(viewer.business.id)).items, notice: noticeOf(event.queryStringParameters?.notice) })));
