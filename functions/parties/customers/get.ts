import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { customersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const customers = parties('customer');

export const handler = defineHandler(customersRoutes.get, async ({ businessId, id }) => ok('Customer', await customers.get(businessId, id)));
