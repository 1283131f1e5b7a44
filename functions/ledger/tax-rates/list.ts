import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listTaxRates } from '../../../shared/ledger/tax/tax-rates.ts';
import { taxRatesRoutes } from './routes.ts';

export const handler = defineHandler(taxRatesRoutes.list, async ({ businessId, query }) => ok('Tax rates', await listTaxRates(businessId, query.include_archived ?? false)));
