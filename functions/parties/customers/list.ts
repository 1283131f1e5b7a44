import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { customersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const customers = parties('customer');

export const handler = defineHandler(customersRoutes.list, async ({ businessId, query }) => ok('Customers', await customers.list(businessId, pageRequestOf(query))));
