import { defineHandler } from '../../../shared/access/index.ts';
import { vendorsRoutes } from './routes.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const vendors = parties('vendor');

export const handler = defineHandler(vendorsRoutes.create, async ({ businessId, body }) => created('Vendor created', await vendors.create(businessId, body)));
