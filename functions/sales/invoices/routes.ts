import * as v from 'valibot';
import { CustomerDocumentListQuery, Invoice, InvoiceCreate } from '../../../shared/ledger/documents/schemas.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { InvoiceMailQueued, InvoiceSendInput } from '../../../shared/sales/invoice-mail-schemas.ts';
import { draftRoutes } from '../../../shared/ledger/documents/draft-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { VoidInput } from '../../../shared/ledger/void-date.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const invoicesRoutes = defineRoutes({
  create: { id: 'invoices.create', method: 'POST', path: '/api/v1/invoices', entry: 'functions/sales/invoices/create.ts', auth: 'bearer', scope: 'sales_invoices:create', contract: { idempotent: true, posting: true, summary: 'Create an invoice (posted at once)', tag: 'Invoices', body: InvoiceCreate, response: Invoice, status: 201 } },
  list: { id: 'invoices.list', method: 'GET', path: '/api/v1/invoices', entry: 'functions/sales/invoices/list.ts', auth: 'bearer', scope: 'sales_invoices:read', needs: { table: 'readwrite' }, contract: { summary: 'List invoices by business date, then number', tag: 'Invoices', query: CustomerDocumentListQuery, response: pageOf(Invoice) } },
  get: { id: 'invoices.get', method: 'GET', path: '/api/v1/invoices/{id}', entry: 'functions/sales/invoices/get.ts', auth: 'bearer', scope: 'sales_invoices:read', contract: { summary: 'Get an invoice', tag: 'Invoices', response: Invoice } },
  void: { id: 'invoices.void', method: 'POST', path: '/api/v1/invoices/{id}/void', entry: 'functions/sales/invoices/void.ts', auth: 'bearer', scope: 'sales_invoices:void', contract: { body: VoidInput, optionalBody: true, posting: true, summary: 'Void an invoice (reversing its journal entry)', tag: 'Invoices', response: Invoice } },
  pdf: { id: 'invoices.pdf', method: 'GET', path: '/api/v1/invoices/{id}/pdf', entry: 'functions/sales/invoices/pdf.ts', auth: 'bearer', scope: 'sales_invoices:read', needs: { table: 'readwrite', linkSecret: true }, contract: { summary: 'Get an invoice as a PDF', tag: 'Invoices', produces: 'application/pdf', response: v.pipe(v.string(), v.description('The PDF itself (application/pdf), named <number>.pdf.')) } },
  link: { id: 'invoices.link', method: 'GET', path: '/api/v1/invoices/{id}/link', entry: 'functions/sales/invoices/link.ts', auth: 'bearer', scope: 'sales_invoices:update', needs: { table: 'readwrite', linkSecret: true }, contract: { summary: "The invoice's public page: the same link on every call", tag: 'Invoices', response: v.object({ url: v.pipe(v.string(), v.description('Opens the invoice without an account: its page, its PDF (`/pdf`), how to pay.')) }) } },
  send: { id: 'invoices.send', method: 'POST', path: '/api/v1/invoices/{id}/send', entry: 'functions/sales/invoices/send.ts', auth: 'bearer', scope: 'sales_invoices:update', contract: { idempotent: true, optionalBody: true, summary: 'E-mail the invoice to its customer, its PDF attached and its public link in the text (queued; invoice.sent when it has gone)', tag: 'Invoices', body: InvoiceSendInput, response: InvoiceMailQueued, status: 202, otherStatuses: { 409: 'The invoice is voided.', 429: "The business's e-mail quota (recipients an hour, 500 unless set otherwise) has no room for these recipients; nothing was queued, and Retry-After says when the hour renews." } } },
  ...draftRoutes('invoice', 'invoices', 'invoices', 'functions/sales/invoices', 'sales_invoices', 'invoice', 'Invoices', InvoiceCreate, Invoice),
});
