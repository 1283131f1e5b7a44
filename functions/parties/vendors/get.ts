import { defineHandler } from '../../../shared/access/index.ts';
import { vendorsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { creditBalanceOf } from '../../../shared/cash/index.ts';
import { parties } from '../../../shared/parties/parties.ts';

const vendors = parties('vendor');

export const handler = defineHandler(vendorsRoutes.get, async ({ businessId, id }) => {
  const [party, credit_balance] = await Promise.all([vendors.get(businessId, id), creditBalanceOf('vendor', businessId, id)]);
  return ok('Vendor', { ...party, credit_balance });
});
