import * as v from 'valibot';
import { fiscalYearStartMonth, defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { fiscalYearStart, today } from '../../../shared/platform/core/dates.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { chartOfAccounts, GeneralLedgerQuery } from '../../../shared/ledger/index.ts';
import { generalLedgerReport } from '../../../shared/reports/general-ledger.ts';
import { generalLedgerPage } from '../../../shared/reports/pages/general-ledger.tsx';
import { reportsPageRoutes } from './routes.ts';

/** The API's query, every field optional (without an account the page shows the form alone), 500 lines to a page. */
const PageQuery = v.partial(v.omit(GeneralLedgerQuery.pipe[0], ['page_size']));

/** One account's general ledger, from the chart of accounts or the trial balance; the same report as the API's. */
export const handler = defineDashboardPage(reportsPageRoutes.reportGeneralLedger, async ({ viewer, event }) => {
  const query = parseInput(PageQuery, filledQueryOf(event), 'query');
  const businessId = viewer.business.id;
  const accounts = (await chartOfAccounts(businessId)).map((account) => ({ id: account.id as string, label: `${account.code ? `${account.code} ` : ''}${account.name}` }));
  const chosen = { accountId: query.account_id, from: query.from, to: query.to };
  if (!query.account_id) return html(200, generalLedgerPage({ viewer, accounts, chosen }));
  const to = query.to ?? today();
  const from = query.from ?? fiscalYearStart(to, await fiscalYearStartMonth(businessId));
  const report = await generalLedgerReport(businessId, { accountId: query.account_id as Id, from, to, cursor: query.cursor });
  const next = report.next_cursor ? `/dashboard/reports/general-ledger?${new URLSearchParams({ account_id: query.account_id, from, to, cursor: report.next_cursor })}` : undefined;
  return html(200, generalLedgerPage({ viewer, accounts, chosen, report, next }));
});
