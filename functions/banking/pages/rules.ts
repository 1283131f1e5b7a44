import { BankRuleListQuery } from '../../../shared/banking/schemas.ts';
import { noticeOf } from '../../../shared/sales/index.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawRules } from './rule-pages.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.rules, async ({ viewer, event }) => {
  const query = parseInput(BankRuleListQuery, filledQueryOf(event), 'query');
  return html(200, await drawRules(viewer, pageRequestOf(query), { notice: noticeOf(event.queryStringParameters?.notice) }));
});
