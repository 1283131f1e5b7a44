import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getRecurringInvoice } from '../../../shared/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.get, async ({ businessId, id }) => ok('Recurring invoice', await getRecurringInvoice(businessId, id)));
