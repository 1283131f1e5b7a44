import { undoLine } from '../../../shared/banking/reconcile.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesUndo, async ({ businessId, id }) => ok('Line returned to unmatched', await undoLine(businessId, id)));
