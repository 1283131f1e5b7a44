import { pageRequestOf } from '../../../shared/platform/core/fields.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { listRecurringInvoices } from '../../../shared/sales/recurring/recurring.ts';
import { recurringInvoicesRoutes } from './routes.ts';

export const handler = defineHandler(recurringInvoicesRoutes.list, async ({ businessId, query }) => ok('Recurring invoices', await listRecurringInvoices(businessId, pageRequestOf(query))));
