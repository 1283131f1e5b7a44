import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { estimatesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.create, async ({ businessId, body, event }) => created('Estimate created', await createDocumentOrDraft('estimate', businessId, body, idempotencyKeyOf(event, 'estimates.create'))));
