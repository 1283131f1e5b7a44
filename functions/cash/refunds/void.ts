import { voidRefund } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { refundsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(refundsRoutes.void, async ({ businessId, id, body }) => ok('Refund voided', await voidRefund('refund', businessId, id, body)));
