import { getRefund } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { refundsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(refundsRoutes.get, async ({ businessId, id }) => ok('Refund', await getRefund('refund', businessId, id)));
