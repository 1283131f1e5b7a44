import { partyNames, noticeOf, SIDES, recurringPage, listRecurringInvoices } from '../../../shared/sales/index.ts';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
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
