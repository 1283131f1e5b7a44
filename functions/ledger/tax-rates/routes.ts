import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { TaxRate, TaxRateCreate, TaxRateList, TaxRateListQuery, TaxRatePatch, TaxSummary, TaxSummaryQuery } from '../../../shared/ledger/tax/schemas.ts';

const entry = (name: string) => `functions/ledger/tax-rates/${name}.ts`;

/** Tax rates as records: named, of a kind (one EN 16931 VAT category each), kept once a posting names them. */
export const taxRatesRoutes = defineRoutes({
  create: { id: 'taxRates.create', method: 'POST', path: '/api/v1/tax-rates', entry: entry('create'), auth: 'bearer', scope: 'finance_ledger:create', contract: { summary: 'Add a tax rate: a name, a percentage and a kind (standard, reduced, zero, exempt, intra_community, export, out_of_scope, reverse_charge); the kinds that carry no tax say why (exemption_reason)', tag: 'Tax', body: TaxRateCreate, response: TaxRate, status: 201, otherStatuses: { 409: 'The business has 200 tax rates already.' } } },
  list: { id: 'taxRates.list', method: 'GET', path: '/api/v1/tax-rates', entry: entry('list'), auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: "The business's tax rates by name (the zero, exempt and out-of-scope rates it starts with among them); archived ones on request", tag: 'Tax', query: TaxRateListQuery, response: TaxRateList } },
  get: { id: 'taxRates.get', method: 'GET', path: '/api/v1/tax-rates/{id}', entry: entry('get'), auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'Get a tax rate', tag: 'Tax', response: TaxRate } },
  update: { id: 'taxRates.update', method: 'PATCH', path: '/api/v1/tax-rates/{id}', entry: entry('update'), auth: 'bearer', scope: 'finance_ledger:update', contract: { summary: 'Rename, re-describe or archive a tax rate (an archived one takes no new lines); its rate and kind change only while no posting names it', tag: 'Tax', body: TaxRatePatch, response: TaxRate } },
  summary: { id: 'taxSummary.get', method: 'GET', path: '/api/v1/reports/tax-summary', entry: entry('summary'), auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: 'The tax return of a period, per tax rate, in the home currency, on the accrual (default) or cash basis (from defaults to the start of the quarter holding to, to to today)', tag: 'Reports', query: TaxSummaryQuery, response: TaxSummary } },
});
