import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { invoicesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.void, async ({ businessId, id, body }) => ok('Invoice voided', await voidDocument('invoice', businessId, id, body)));
