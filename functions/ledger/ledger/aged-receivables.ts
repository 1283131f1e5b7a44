import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { agedReport } from '../../../shared/reports/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.agedReceivablesGet, async ({ businessId, query }) => ok('Aged receivables', await agedReport(businessId, 'receivables', query.as_of ?? today())));
