import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';
import { parties } from '../../../shared/parties/parties.ts';

const vendors = parties('vendor');

export const handler = defineHandler('vendors.create', async ({ businessId, body }) => created('Vendor created', await vendors.create(businessId, body)));
