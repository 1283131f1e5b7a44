import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { journalsPage } from '../../../shared/dashboard/views/journals.tsx';
import { pageRequestOf, PagingQuery } from '../../../shared/domain/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { listJournals } from '../../../shared/journals/journals.ts';
import * as v from 'valibot';
import { dashboardRoutes } from './routes.ts';

const JournalsQuery = v.strictObject({ ...PagingQuery });

export const handler = defineDashboardPage(dashboardRoutes.journals, async ({ viewer, event }) => {
  const query = parseInput(JournalsQuery, filledQueryOf(event), 'query');
  return html(200, journalsPage({ viewer, journals: await listJournals(viewer.business.id, pageRequestOf(query), {}), notice: noticeOf(event.queryStringParameters?.notice) }));
});
