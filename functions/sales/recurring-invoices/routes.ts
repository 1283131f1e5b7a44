import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { RecurringInvoice, RecurringInvoiceCreate, RecurringInvoiceListQuery, RecurringInvoicePatch } from '../../../shared/sales/recurring/schemas.ts';

const entry = (name: string) => `functions/sales/recurring-invoices/${name}.ts`;

/** This feature's rows of the route table: recurring invoices, whose occurrences the daily job posts. */
export const recurringInvoicesRoutes = defineRoutes({
  create: { id: 'recurringInvoices.create', method: 'POST', path: '/api/v1/recurring-invoices', entry: entry('create'), auth: 'bearer', scope: 'sales_invoices:create', contract: { summary: 'Set up a recurring invoice; the occurrences already due are posted at once (the 12 latest; older and locked ones are listed in skipped)', tag: 'Recurring invoices', body: RecurringInvoiceCreate, response: RecurringInvoice, status: 201, otherStatuses: { 409: 'The business keeps 100 recurring invoices already.' } } },
  list: { id: 'recurringInvoices.list', method: 'GET', path: '/api/v1/recurring-invoices', entry: entry('list'), auth: 'bearer', scope: 'sales_invoices:read', contract: { summary: 'List recurring invoices, oldest first', tag: 'Recurring invoices', query: RecurringInvoiceListQuery, response: pageOf(RecurringInvoice) } },
  get: { id: 'recurringInvoices.get', method: 'GET', path: '/api/v1/recurring-invoices/{id}', entry: entry('get'), auth: 'bearer', scope: 'sales_invoices:read', contract: { summary: 'Get a recurring invoice', tag: 'Recurring invoices', response: RecurringInvoice } },
  update: { id: 'recurringInvoices.update', method: 'PATCH', path: '/api/v1/recurring-invoices/{id}', entry: entry('update'), auth: 'bearer', scope: 'sales_invoices:update', contract: { summary: 'Change the template, sending or when it ends; pause, or resume (what is due posts at once; what fell due while paused is skipped)', tag: 'Recurring invoices', body: RecurringInvoicePatch, response: RecurringInvoice } },
  delete: { id: 'recurringInvoices.delete', method: 'DELETE', path: '/api/v1/recurring-invoices/{id}', entry: entry('delete'), auth: 'bearer', scope: 'sales_invoices:update', contract: { summary: 'Delete a recurring invoice (the invoices it posted stay)', tag: 'Recurring invoices', response: RecurringInvoice } },
});
