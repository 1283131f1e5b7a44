import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { created } from '../../../shared/http/responses.ts';
import { createJournal } from '../../../shared/journals/journals.ts';
import { journalsRoutes } from './routes.ts';

export const handler = defineHandler(journalsRoutes.create, async ({ businessId, body, event }) => created('Journal posted', await createJournal(businessId, body, idempotencyKeyOf(event, 'journals.create'))));
