import { applyMoneyCredit } from '../../../shared/cash/prepayments.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { paymentsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(paymentsRoutes.allocate, async ({ businessId, id, body }) => created('Payment credit applied', await applyMoneyCredit('payment', businessId, id, body)));
