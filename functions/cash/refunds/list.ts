import { listRefunds } from '../../../shared/cash/refunds.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { refundsRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(refundsRoutes.list, async ({ businessId, query }) => ok('Refunds', await listRefunds('refund', businessId, pageRequestOf(query))));
