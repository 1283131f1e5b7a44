import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { listRecurringInvoices } from '../../../shared/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.list, async ({ businessId, query }) => ok('Recurring invoices', await listRecurringInvoices(businessId, pageRequestOf(query))));
