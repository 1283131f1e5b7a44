import { bodyOf, typedOf } from '../../../shared/platform/web/record-form-rules.ts';
import { EXCHANGE_RATE_FIELDS, ExchangeRateCreate, exchangeRatesPage, homeCurrencyOf, listExchangeRates, recordExchangeRate } from '../../../shared/ledger/index.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

/** A day's rate through the API's schema and use case; a refused one comes back on the page as typed. */
export const handler = defineDashboardPage(rows.recordExchangeRate, async ({ viewer, form }) => {
  const typed = typedOf(form, EXCHANGE_RATE_FIELDS);
  const homeCurrency = await homeCurrencyOf(viewer.business.id);
  try {
    await recordExchangeRate(viewer.business.id, homeCurrency, parseInput(ExchangeRateCreate, bodyOf(EXCHANGE_RATE_FIELDS, typed, 'create'), 'form'));
    return redirect('/dashboard/settings/exchange-rates?notice=rate_recorded');
  } catch (error) {
    const refused = refusalOf(error);
    const rates = await listExchangeRates(viewer.business.id, {}, { page: 1, pageSize: 25 });
    return html(refused.status, exchangeRatesPage({ viewer, rates, homeCurrency, entry: { typed, problems: refused.problems } }));
  }
});
