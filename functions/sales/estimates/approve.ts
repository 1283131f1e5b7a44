import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.approve, async ({ businessId, id, event }) => ok('Estimate approved and posted', await approveDraft('estimate', businessId, id, idempotencyKeyOf(event, 'estimates.approve'))));
