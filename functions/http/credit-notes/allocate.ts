import { allocateCredit } from '../../../shared/documents/credit-allocations.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { creditNotesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.allocate, async ({ businessId, id, body }) => created('Credit applied', await allocateCredit(businessId, id, body)));
