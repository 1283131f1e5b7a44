import { defineHandler } from '../../../shared/access/index.ts';
import { customersRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { creditBalanceOf } from '../../../shared/cash/index.ts';
import { parties } from '../../../shared/parties/parties.ts';

const customers = parties('customer');

export const handler = defineHandler(customersRoutes.get, async ({ businessId, id }) => {
  const [party, credit_balance] = await Promise.all([customers.get(businessId, id), creditBalanceOf('customer', businessId, id)]);
  return ok('Customer', { ...party, credit_balance });
});
