import { noticeOf } from '../../../shared/sales/index.ts';
import { accountListPage } from '../../../shared/items/index.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { chartOfAccounts } from '../../../shared/ledger/accounts.ts';
import { ledgerPageRoutes } from './routes.ts';

/** The chart of accounts (at most 1,000 accounts: read whole, as the API lists it). */
export const handler = defineDashboardPage(ledgerPageRoutes.accounts, async ({ viewer, event }) => html(200, accountListPage({ viewer, accounts: await chartOfAccounts(viewer.business.id), notice: noticeOf(event.queryStringParameters?.notice) })));
