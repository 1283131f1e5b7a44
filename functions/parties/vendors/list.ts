import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const vendors = parties('vendor');

export const handler = defineHandler(vendorsRoutes.list, async ({ businessId, query }) => ok('Vendors', await vendors.list(businessId, pageRequestOf(query))));
