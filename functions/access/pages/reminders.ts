import { noticeOf, getReminderPolicy } from '../../../shared/sales/index.ts';
import { remindersPage } from '../../../shared/access/pages/settings.tsx';
import { html } from '../../../shared/platform/http/web.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.reminders, async ({ viewer, event }) => html(200, remindersPage({ viewer, policy: await getReminderPolicy(viewer.business.id), notice: noticeOf(event.queryStringParameters?.notice) })));
