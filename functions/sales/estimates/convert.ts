import { convertDocument } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { estimatesRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.convert, async ({ businessId, id, body, credential, event }) => created('Invoice made from the estimate', await convertDocument('estimate', businessId, id, body ?? {}, credential.scopes, idempotencyKeyOf(event, 'estimates.convert'))));
