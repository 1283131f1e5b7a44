import { defineHandler } from '../../../shared/access/index.ts';
import { customersRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const customers = parties('customer');

export const handler = defineHandler(customersRoutes.create, async ({ businessId, body }) => created('Customer created', await customers.create(businessId, body)));
