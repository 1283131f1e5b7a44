import * as v from 'valibot';
import { ConvertInput, CustomerDocumentListQuery, draftRoutes, Invoice, RecordVoidInput, SalesOrder, SalesOrderCreate } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const salesOrdersRoutes = defineRoutes({
  create: { id: 'salesOrders.create', method: 'POST', path: '/api/v1/sales-orders', entry: 'functions/sales/sales-orders/create.ts', auth: 'bearer', scope: 'sales_documents:create', contract: { idempotent: true, summary: 'Create a sales order', tag: 'Sales orders', body: SalesOrderCreate, response: SalesOrder, status: 201 } },
  list: { id: 'salesOrders.list', method: 'GET', path: '/api/v1/sales-orders', entry: 'functions/sales/sales-orders/list.ts', auth: 'bearer', scope: 'sales_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List sales orders by business date, then number', tag: 'Sales orders', query: CustomerDocumentListQuery, response: pageOf(SalesOrder) } },
  get: { id: 'salesOrders.get', method: 'GET', path: '/api/v1/sales-orders/{id}', entry: 'functions/sales/sales-orders/get.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a sales order', tag: 'Sales orders', response: SalesOrder } },
  void: { id: 'salesOrders.void', method: 'POST', path: '/api/v1/sales-orders/{id}/void', entry: 'functions/sales/sales-orders/void.ts', auth: 'bearer', scope: 'sales_documents:void', contract: { body: RecordVoidInput, optionalBody: true, summary: 'Void a sales order', tag: 'Sales orders', response: SalesOrder } },
  pdf: { id: 'salesOrders.pdf', method: 'GET', path: '/api/v1/sales-orders/{id}/pdf', entry: 'functions/sales/sales-orders/pdf.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a sales order as a PDF', tag: 'Sales orders', produces: 'application/pdf', response: v.pipe(v.string(), v.description('The PDF itself (application/pdf), named <number>.pdf.')) } },
  convert: { id: 'salesOrders.convert', method: 'POST', path: '/api/v1/sales-orders/{id}/convert', entry: 'functions/sales/sales-orders/convert.ts', auth: 'bearer', scope: 'sales_invoices:create', contract: { idempotent: true, posting: true, optionalBody: true, summary: 'Make an invoice from the sales order\'s lines: a draft, or posted with approve (which needs sales_invoices:approve too); the sales order becomes Invoiced and both name each other', tag: 'Sales orders', body: ConvertInput, response: Invoice, status: 201, otherStatuses: { 409: 'The sales order is converted already, or voided.' } } },
  ...draftRoutes('sales_order', 'salesOrders', 'sales-orders', 'functions/sales/sales-orders', 'sales_documents', 'sales order', 'Sales orders', SalesOrderCreate, SalesOrder),
});
