import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { AccountQuery, accountPage } from './account-page.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

/** An account's balances and one page of its lines of one status (unmatched first: the reconciliation screen), or of the postings no line explains. */
export const handler = defineDashboardPage(rows.account, async ({ viewer, id, event }) => {
  const query = parseInput(AccountQuery, { ...filledQueryOf(event), ...(event.queryStringParameters?.notice ? { notice: event.queryStringParameters.notice } : {}) }, 'query');
  return html(200, await accountPage(viewer, id, query));
});
