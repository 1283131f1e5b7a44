import { defineHandler } from '../../../shared/access/index.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createTaxRate } from '../../../shared/ledger/tax/tax-rates.ts';
import { taxRatesRoutes } from './routes.ts';

export const handler = defineHandler(taxRatesRoutes.create, async ({ businessId, body }) => created('Tax rate created', await createTaxRate(businessId, body)));
