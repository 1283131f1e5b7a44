import { allocateCredit } from '../../../shared/cash/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { creditNotesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(creditNotesRoutes.allocate, async ({ businessId, id, body }) => created('Credit applied', await allocateCredit('credit_note', businessId, id, body)));
