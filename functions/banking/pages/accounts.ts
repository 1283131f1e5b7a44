import { noticeOf } from '../../../shared/sales/index.ts';
import { bankingPage } from '../../../shared/banking/pages/banking.tsx';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import * as v from 'valibot';
import { dashboardBankingRoutes as rows } from './routes.ts';
import { accountSummaries } from './summaries.ts';

const AccountsQuery = v.strictObject({ ...PagingQuery });

export const handler = defineDashboardPage(rows.banking, async ({ viewer, event }) => {
  const query = parseInput(AccountsQuery, filledQueryOf(event), 'query');
  return html(200, bankingPage({ viewer, accounts: await accountSummaries(viewer.business.id, pageRequestOf(query)), notice: noticeOf(event.queryStringParameters?.notice) }));
});
