import { pageOf } from '../../../shared/platform/core/fields.ts';
import { MoneyCreate, MoneyDocument, MoneyListQuery } from '../../../shared/cash/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { CreditAllocationCreate, PrepaymentAllocationResult, RecordVoidInput } from '../../../shared/ledger/index.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const receiptsRoutes = defineRoutes({
  create: { id: 'receipts.create', method: 'POST', path: '/api/v1/receipts', entry: 'functions/cash/receipts/create.ts', auth: 'bearer', scope: 'sales_receipts:create', contract: { posting: true, summary: 'Record money received against invoices', tag: 'Receipts', body: MoneyCreate, response: MoneyDocument, status: 201, idempotent: true, otherStatuses: { 404: 'An allocated invoice does not exist in this business.' } } },
  list: { id: 'receipts.list', method: 'GET', path: '/api/v1/receipts', entry: 'functions/cash/receipts/list.ts', auth: 'bearer', scope: 'sales_receipts:read', contract: { summary: 'List receipts by date, then number', tag: 'Receipts', query: MoneyListQuery, response: pageOf(MoneyDocument) } },
  get: { id: 'receipts.get', method: 'GET', path: '/api/v1/receipts/{id}', entry: 'functions/cash/receipts/get.ts', auth: 'bearer', scope: 'sales_receipts:read', contract: { summary: 'Get a receipt', tag: 'Receipts', response: MoneyDocument } },
  void: { id: 'receipts.void', method: 'POST', path: '/api/v1/receipts/{id}/void', entry: 'functions/cash/receipts/void.ts', auth: 'bearer', scope: 'sales_receipts:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a receipt, reopening its invoices', tag: 'Receipts', response: MoneyDocument } },
  allocate: { id: 'receipts.allocate', method: 'POST', path: '/api/v1/receipts/{id}/allocations', entry: 'functions/cash/receipts/allocate.ts', auth: 'bearer', scope: 'sales_receipts:create', contract: { posting: true, summary: "Apply what a receipt held beyond its allocations (its overpayment) to the customer's invoices, dated, like a credit note", tag: 'Receipts', body: CreditAllocationCreate, response: PrepaymentAllocationResult, status: 201, otherStatuses: { 409: 'The receipt is voided, or held nothing beyond its allocations.' } } },
});
