import { today } from '../../../shared/domain/dates.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { updateRecurringInvoice } from '../../../shared/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.update, async ({ businessId, id, body }) => ok('Recurring invoice updated', await updateRecurringInvoice(businessId, id, body, today())));
