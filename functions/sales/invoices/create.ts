import { createDocumentOrDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { invoicesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.create, async ({ businessId, body, event }) => created('Invoice posted', await createDocumentOrDraft('invoice', businessId, body, idempotencyKeyOf(event, 'invoices.create'))));
