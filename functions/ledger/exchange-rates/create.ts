import { defineHandler } from '../../../shared/access/index.ts';
import { created, ok } from '../../../shared/platform/http/responses.ts';
import { recordExchangeRate } from '../../../shared/ledger/exchange-rates.ts';
import { homeCurrencyOf } from '../../../shared/ledger/period-totals.ts';
import { exchangeRatesRoutes } from './routes.ts';

export const handler = defineHandler(exchangeRatesRoutes.create, async ({ businessId, body }) => {
  const recorded = await recordExchangeRate(businessId, await homeCurrencyOf(businessId), body);
  return recorded.created ? created('Exchange rate recorded', recorded.resource) : ok('Exchange rate replaced', recorded.resource);
});
