import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { agedReport } from '../../../shared/reports/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.agedPayablesGet, async ({ businessId, query }) => ok('Aged payables', await agedReport(businessId, 'payables', query.as_of ?? today())));
