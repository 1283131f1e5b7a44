import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getRecurringInvoice } from '../../../shared/sales/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.get, async ({ businessId, id }) => ok('Recurring invoice', await getRecurringInvoice(businessId, id)));
