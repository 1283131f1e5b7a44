import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getTaxRate } from '../../../shared/ledger/tax/tax-rates.ts';
import { taxRatesRoutes } from './routes.ts';

export const handler = defineHandler(taxRatesRoutes.get, async ({ businessId, id }) => ok('Tax rate', await getTaxRate(businessId, id)));
