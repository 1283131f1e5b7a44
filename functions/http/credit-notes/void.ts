import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { creditNotesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.void, async ({ businessId, id }) => ok('Credit note voided', await voidDocument('credit_note', businessId, id)));
