import { today } from '../../../shared/domain/dates.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { created } from '../../../shared/http/responses.ts';
import { createRecurringInvoice } from '../../../shared/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.create, async ({ businessId, body }) => created('Recurring invoice set up', await createRecurringInvoice(businessId, body, today())));
