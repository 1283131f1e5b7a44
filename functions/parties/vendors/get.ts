import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { vendorsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const vendors = parties('vendor');

export const handler = defineHandler(vendorsRoutes.get, async ({ businessId, id }) => ok('Vendor', await vendors.get(businessId, id)));
