import { today } from '../../../shared/platform/core/dates.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { updateRecurringInvoice } from '../../../shared/sales/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.update, async ({ businessId, id, body }) => ok('Recurring invoice updated', await updateRecurringInvoice(businessId, id, body, today())));
