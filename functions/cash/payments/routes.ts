import { pageOf } from '../../../shared/platform/core/fields.ts';
import { MoneyCreate, MoneyDocument, MoneyListQuery } from '../../../shared/cash/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { CreditAllocationCreate, RecordVoidInput, VendorPrepaymentAllocationResult } from '../../../shared/ledger/index.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const paymentsRoutes = defineRoutes({
  create: { id: 'payments.create', method: 'POST', path: '/api/v1/payments', entry: 'functions/cash/payments/create.ts', auth: 'bearer', scope: 'purchases_payments:create', contract: { posting: true, summary: 'Record money paid against bills', tag: 'Payments', body: MoneyCreate, response: MoneyDocument, status: 201, idempotent: true, otherStatuses: { 404: 'An allocated bill does not exist in this business.' } } },
  list: { id: 'payments.list', method: 'GET', path: '/api/v1/payments', entry: 'functions/cash/payments/list.ts', auth: 'bearer', scope: 'purchases_payments:read', contract: { summary: 'List payments by date, then number', tag: 'Payments', query: MoneyListQuery, response: pageOf(MoneyDocument) } },
  get: { id: 'payments.get', method: 'GET', path: '/api/v1/payments/{id}', entry: 'functions/cash/payments/get.ts', auth: 'bearer', scope: 'purchases_payments:read', contract: { summary: 'Get a payment', tag: 'Payments', response: MoneyDocument } },
  void: { id: 'payments.void', method: 'POST', path: '/api/v1/payments/{id}/void', entry: 'functions/cash/payments/void.ts', auth: 'bearer', scope: 'purchases_payments:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a payment, reopening its bills', tag: 'Payments', response: MoneyDocument } },
  allocate: { id: 'payments.allocate', method: 'POST', path: '/api/v1/payments/{id}/allocations', entry: 'functions/cash/payments/allocate.ts', auth: 'bearer', scope: 'purchases_payments:create', contract: { posting: true, summary: "Apply what a payment held beyond its allocations (its overpayment) to the vendor's bills, dated, like a credit note", tag: 'Payments', body: CreditAllocationCreate, response: VendorPrepaymentAllocationResult, status: 201, otherStatuses: { 409: 'The payment is voided, or held nothing beyond its allocations.' } } },
});
