import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.void, async ({ businessId, id, body }) => ok('Credit note voided', await voidDocument('credit_note', businessId, id, body)));
