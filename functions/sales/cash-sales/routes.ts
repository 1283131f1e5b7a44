import * as v from 'valibot';
import { CashSale, CashSaleCreate, CustomerDocumentListQuery, draftRoutes, RecordVoidInput } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const cashSalesRoutes = defineRoutes({
  create: { id: 'cashSales.create', method: 'POST', path: '/api/v1/cash-sales', entry: 'functions/sales/cash-sales/create.ts', auth: 'bearer', scope: 'sales_documents:create', contract: { idempotent: true, posting: true, summary: 'Create a cash sale (posted at once)', tag: 'Cash sales', body: CashSaleCreate, response: CashSale, status: 201 } },
  list: { id: 'cashSales.list', method: 'GET', path: '/api/v1/cash-sales', entry: 'functions/sales/cash-sales/list.ts', auth: 'bearer', scope: 'sales_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List cash sales by business date, then number', tag: 'Cash sales', query: CustomerDocumentListQuery, response: pageOf(CashSale) } },
  get: { id: 'cashSales.get', method: 'GET', path: '/api/v1/cash-sales/{id}', entry: 'functions/sales/cash-sales/get.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a cash sale', tag: 'Cash sales', response: CashSale } },
  void: { id: 'cashSales.void', method: 'POST', path: '/api/v1/cash-sales/{id}/void', entry: 'functions/sales/cash-sales/void.ts', auth: 'bearer', scope: 'sales_documents:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a cash sale (reversing its journal entry)', tag: 'Cash sales', response: CashSale } },
  pdf: { id: 'cashSales.pdf', method: 'GET', path: '/api/v1/cash-sales/{id}/pdf', entry: 'functions/sales/cash-sales/pdf.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get a cash sale as a PDF', tag: 'Cash sales', produces: 'application/pdf', response: v.pipe(v.string(), v.description('The PDF itself (application/pdf), named <number>.pdf.')) } },
  ...draftRoutes('cash_sale', 'cashSales', 'cash-sales', 'functions/sales/cash-sales', 'sales_documents', 'cash sale', 'Cash sales', CashSaleCreate, CashSale),
});
