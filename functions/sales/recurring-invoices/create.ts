import { today } from '../../../shared/platform/core/dates.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { createRecurringInvoice } from '../../../shared/sales/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.create, async ({ businessId, body }) => created('Recurring invoice set up', await createRecurringInvoice(businessId, body, today())));
