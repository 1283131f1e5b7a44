import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateTaxRate } from '../../../shared/ledger/tax/tax-rates.ts';
import { taxRatesRoutes } from './routes.ts';

export const handler = defineHandler(taxRatesRoutes.update, async ({ businessId, id, body }) => ok('Tax rate updated', await updateTaxRate(businessId, id, body)));
