import { defineHandler } from '../../../shared/access/index.ts';
import { vendorsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const vendors = parties('vendor');

export const handler = defineHandler(vendorsRoutes.update, async ({ businessId, id, body }) => ok('Vendor updated', await vendors.update(businessId, id, body)));
