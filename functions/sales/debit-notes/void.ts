import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { debitNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(debitNotesRoutes.void, async ({ businessId, id, body }) => ok('Debit note voided', await voidDocument('debit_note', businessId, id, body)));
