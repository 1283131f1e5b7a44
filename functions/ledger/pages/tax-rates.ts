import { noticeOf } from '../../../shared/sales/index.ts';
import { taxRatesPage } from '../../../shared/ledger/pages/tax-rates.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { listTaxRates } from '../../../shared/ledger/tax/tax-rates.ts';
import { ledgerPageRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.taxRates, async ({ viewer, event }) => html(200, taxRatesPage({ viewer, rates: (await listTaxRates(viewer.business.id, true)).items, notice: noticeOf(event.queryStringParameters?.notice) })));
