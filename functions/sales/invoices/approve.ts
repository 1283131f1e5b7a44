import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { invoicesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.approve, async ({ businessId, id, event }) => ok('Invoice approved and posted', await approveDraft('invoice', businessId, id, idempotencyKeyOf(event, 'invoices.approve'))));
