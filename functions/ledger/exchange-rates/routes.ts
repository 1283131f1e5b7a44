import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { ExchangeRate, ExchangeRateCreate, ExchangeRateListQuery } from '../../../shared/ledger/exchange-rate-schemas.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const exchangeRatesRoutes = defineRoutes({
  create: { id: 'exchangeRates.create', method: 'POST', path: '/api/v1/exchange-rates', entry: 'functions/ledger/exchange-rates/create.ts', auth: 'bearer', scope: 'finance_ledger:create', contract: { summary: 'Record a currency\'s rate for a day (201; a second one for the same day replaces it: 200)', tag: 'Ledger', body: ExchangeRateCreate, response: ExchangeRate, status: 201, otherStatuses: { 200: 'The day already had a rate: it is replaced.' } } },
  list: { id: 'exchangeRates.list', method: 'GET', path: '/api/v1/exchange-rates', entry: 'functions/ledger/exchange-rates/list.ts', auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Exchange rates, newest first, of one currency or all, within dates or not', tag: 'Ledger', query: ExchangeRateListQuery, response: pageOf(ExchangeRate) } },
});
