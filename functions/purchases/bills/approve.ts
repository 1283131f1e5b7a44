import { approveDraft } from '../../../shared/documents/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { billsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(billsRoutes.approve, async ({ businessId, id, event }) => ok('Bill approved and posted', await approveDraft('bill', businessId, id, idempotencyKeyOf(event, 'bills.approve'))));
