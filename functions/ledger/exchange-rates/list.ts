import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listExchangeRates } from '../../../shared/ledger/exchange-rates.ts';
import { exchangeRatesRoutes } from './routes.ts';

export const handler = defineHandler(exchangeRatesRoutes.list, async ({ businessId, query }) => ok('Exchange rates', await listExchangeRates(businessId, { currency: query.currency, from: query.from, to: query.to }, pageRequestOf(query))));
