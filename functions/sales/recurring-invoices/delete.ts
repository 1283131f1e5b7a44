import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { deleteRecurringInvoice } from '../../../shared/sales/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.delete, async ({ businessId, id }) => ok('Recurring invoice deleted', await deleteRecurringInvoice(businessId, id)));
