import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { remindersPage } from '../../../shared/dashboard/views/settings.tsx';
import { getReminderPolicy } from '../../../shared/reminders/reminders.ts';
import { html } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.reminders, async ({ viewer, event }) => html(200, remindersPage({ viewer, policy: await getReminderPolicy(viewer.business.id), notice: noticeOf(event.queryStringParameters?.notice) })));
