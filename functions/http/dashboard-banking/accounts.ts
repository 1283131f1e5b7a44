import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { bankingPage } from '../../../shared/dashboard/views/banking.tsx';
import { pageRequestOf, PagingQuery } from '../../../shared/domain/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import * as v from 'valibot';
import { dashboardBankingRoutes as rows } from './routes.ts';
import { accountSummaries } from './summaries.ts';

const AccountsQuery = v.strictObject({ ...PagingQuery });

export const handler = defineDashboardPage(rows.banking, async ({ viewer, event }) => {
  const query = parseInput(AccountsQuery, filledQueryOf(event), 'query');
  return html(200, bankingPage({ viewer, accounts: await accountSummaries(viewer.business.id, pageRequestOf(query)), notice: noticeOf(event.queryStringParameters?.notice) }));
});
