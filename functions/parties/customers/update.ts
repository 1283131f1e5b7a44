import { defineHandler } from '../../../shared/access/index.ts';
import { customersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const customers = parties('customer');

export const handler = defineHandler(customersRoutes.update, async ({ businessId, id, body }) => ok('Customer updated', await customers.update(businessId, id, body)));
