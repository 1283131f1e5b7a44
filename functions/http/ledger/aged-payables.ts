import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { agedReport } from '../../../shared/documents/aged-reports.ts';
import { today } from '../../../shared/domain/dates.ts';
import { ledgerRoutes } from './routes.ts';

export const handler = defineHandler(ledgerRoutes.agedPayablesGet, async ({ businessId, query }) => ok('Aged payables', await agedReport(businessId, 'payables', query.as_of ?? today())));
