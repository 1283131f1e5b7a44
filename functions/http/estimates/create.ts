import { createDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { estimatesRoutes } from './routes.ts';
import { created } from '../../../shared/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.create, async ({ businessId, body, event }) => created('Estimate created', await createDocument('estimate', businessId, body, idempotencyKeyOf(event, 'estimates.create'))));
