import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { billsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.void, async ({ businessId, id, body }) => ok('Bill voided', await voidDocument('bill', businessId, id, body)));
