import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { taxSummary } from '../../../shared/ledger/tax/tax-summary.ts';
import { taxRatesRoutes } from './routes.ts';

export const handler = defineHandler(taxRatesRoutes.summary, async ({ businessId, query }) => ok('Tax summary', await taxSummary(businessId, query)));
