import { noticeOf } from '../../../shared/sales/index.ts';
import { exchangeRatesPage, homeCurrencyOf, listExchangeRates } from '../../../shared/ledger/index.ts';
import { pageRequestOf, PagingQuery } from '../../../shared/platform/core/fields.ts';
import { defineDashboardPage, filledQueryOf } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import * as v from 'valibot';
import { dashboardSettingsRoutes as rows } from './routes.ts';

const RatesQuery = v.strictObject({ ...PagingQuery });

export const handler = defineDashboardPage(rows.exchangeRates, async ({ viewer, event }) => {
  const query = parseInput(RatesQuery, filledQueryOf(event), 'query');
  const [rates, homeCurrency] = await Promise.all([listExchangeRates(viewer.business.id, {}, pageRequestOf(query)), homeCurrencyOf(viewer.business.id)]);
  return html(200, exchangeRatesPage({ viewer, rates, homeCurrency, notice: noticeOf(event.queryStringParameters?.notice) }));
});
