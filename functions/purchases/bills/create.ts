import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { billsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.create, async ({ businessId, body, event }) => created('Bill posted', await createDocumentOrDraft('bill', businessId, body, idempotencyKeyOf(event, 'bills.create'))));
