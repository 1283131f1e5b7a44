import * as v from 'valibot';
import { ConvertInput, CustomerDocumentListQuery, draftRoutes, Estimate, EstimateCreate, Invoice, RecordVoidInput } from '../../../shared/ledger/index.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const estimatesRoutes = defineRoutes({
  create: { id: 'estimates.create', method: 'POST', path: '/api/v1/estimates', entry: 'functions/sales/estimates/create.ts', auth: 'bearer', scope: 'sales_documents:create', contract: { idempotent: true, summary: 'Create an estimate', tag: 'Estimates', body: EstimateCreate, response: Estimate, status: 201 } },
  list: { id: 'estimates.list', method: 'GET', path: '/api/v1/estimates', entry: 'functions/sales/estimates/list.ts', auth: 'bearer', scope: 'sales_documents:read', needs: { table: 'readwrite' }, contract: { summary: 'List estimates by business date, then number', tag: 'Estimates', query: CustomerDocumentListQuery, response: pageOf(Estimate) } },
  get: { id: 'estimates.get', method: 'GET', path: '/api/v1/estimates/{id}', entry: 'functions/sales/estimates/get.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get an estimate', tag: 'Estimates', response: Estimate } },
  void: { id: 'estimates.void', method: 'POST', path: '/api/v1/estimates/{id}/void', entry: 'functions/sales/estimates/void.ts', auth: 'bearer', scope: 'sales_documents:void', contract: { body: RecordVoidInput, optionalBody: true, summary: 'Void an estimate', tag: 'Estimates', response: Estimate } },
  pdf: { id: 'estimates.pdf', method: 'GET', path: '/api/v1/estimates/{id}/pdf', entry: 'functions/sales/estimates/pdf.ts', auth: 'bearer', scope: 'sales_documents:read', contract: { summary: 'Get an estimate as a PDF', tag: 'Estimates', produces: 'application/pdf', response: v.pipe(v.string(), v.description('The PDF itself (application/pdf), named <number>.pdf.')) } },
  convert: { id: 'estimates.convert', method: 'POST', path: '/api/v1/estimates/{id}/convert', entry: 'functions/sales/estimates/convert.ts', auth: 'bearer', scope: 'sales_invoices:create', contract: { idempotent: true, posting: true, optionalBody: true, summary: 'Make an invoice from the estimate\'s lines: a draft, or posted with approve (which needs sales_invoices:approve too); the estimate becomes Invoiced and both name each other', tag: 'Estimates', body: ConvertInput, response: Invoice, status: 201, otherStatuses: { 409: 'The estimate is converted already, or voided.' } } },
  ...draftRoutes('estimate', 'estimates', 'estimates', 'functions/sales/estimates', 'sales_documents', 'estimate', 'Estimates', EstimateCreate, Estimate),
});
