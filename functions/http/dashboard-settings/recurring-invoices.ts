import { partyNames } from '../../../shared/dashboard/documents.ts';
import { noticeOf, SIDES } from '../../../shared/dashboard/sides.ts';
import { recurringPage } from '../../../shared/dashboard/views/recurring.tsx';
import { pageRequestOf, PagingQuery } from '../../../shared/domain/fields.ts';
import type { Id } from '../../../shared/domain/ids.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { listRecurringInvoices } from '../../../shared/recurring/recurring.ts';
import * as v from 'valibot';
import { dashboardSettingsRoutes as rows } from './routes.ts';

const RecurringQuery = v.strictObject({ ...PagingQuery });

/** One page of schedules (a business keeps at most 100), with their customers' names in one read. */
export const handler = defineDashboardPage(rows.recurringInvoices, async ({ viewer, event }) => {
  const query = parseInput(RecurringQuery, filledQueryOf(event), 'query');
  const schedules = await listRecurringInvoices(viewer.business.id, pageRequestOf(query));
  const names = await partyNames(SIDES.invoice, viewer.business.id, schedules.items.map((schedule) => schedule.customer_id as Id));
  return html(200, recurringPage({ viewer, schedules, names, notice: noticeOf(event.queryStringParameters?.notice) }));
});
