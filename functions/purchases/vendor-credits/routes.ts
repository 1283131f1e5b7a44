import { VendorCredit, VendorCreditAllocation, VendorCreditAllocationResult, VendorCreditCreate, VendorDocumentListQuery } from '../../../shared/ledger/documents/schemas.ts';
import { pageOf } from '../../../shared/platform/core/fields.ts';
import { creditRoutes } from '../../../shared/ledger/documents/credit-routes.ts';
import { draftRoutes } from '../../../shared/ledger/documents/draft-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { RecordVoidInput, VoidInput } from '../../../shared/ledger/void-date.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const vendorCreditsRoutes = defineRoutes({
  create: { id: 'vendorCredits.create', method: 'POST', path: '/api/v1/vendor-credits', entry: 'functions/purchases/vendor-credits/create.ts', auth: 'bearer', scope: 'purchases_bills:create', contract: { idempotent: true, posting: true, summary: "Create a vendor credit, a supplier's credit note (posted at once against payables)", tag: 'Vendor credits', body: VendorCreditCreate, response: VendorCredit, status: 201 } },
  list: { id: 'vendorCredits.list', method: 'GET', path: '/api/v1/vendor-credits', entry: 'functions/purchases/vendor-credits/list.ts', auth: 'bearer', scope: 'purchases_bills:read', needs: { table: 'readwrite' }, contract: { summary: 'List vendor credits by business date, then number', tag: 'Vendor credits', query: VendorDocumentListQuery, response: pageOf(VendorCredit) } },
  get: { id: 'vendorCredits.get', method: 'GET', path: '/api/v1/vendor-credits/{id}', entry: 'functions/purchases/vendor-credits/get.ts', auth: 'bearer', scope: 'purchases_bills:read', contract: { summary: 'Get a vendor credit', tag: 'Vendor credits', response: VendorCredit } },
  void: { id: 'vendorCredits.void', method: 'POST', path: '/api/v1/vendor-credits/{id}/void', entry: 'functions/purchases/vendor-credits/void.ts', auth: 'bearer', scope: 'purchases_bills:void', contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a vendor credit (reversing its journal entry); its live allocations are voided first', tag: 'Vendor credits', response: VendorCredit } },
  voidAllocation: { id: 'vendorCredits.voidAllocation', method: 'POST', path: '/api/v1/vendor-credit-allocations/{id}/void', entry: 'functions/purchases/vendor-credits/void-allocation.ts', auth: 'bearer', scope: 'purchases_bills:void', contract: { body: VoidInput, optionalBody: true, posting: true, summary: 'Void a vendor credit allocation, reopening its bill', tag: 'Vendor credits', response: VendorCreditAllocation } },
  ...creditRoutes('vendor_credit', 'vendorCredits', 'vendor-credits', 'functions/purchases/vendor-credits', 'purchases_bills', 'Vendor credits', VendorCreditAllocation, VendorCreditAllocationResult),
  ...draftRoutes('vendor_credit', 'vendorCredits', 'vendor-credits', 'functions/purchases/vendor-credits', 'purchases_bills', 'vendor credit', 'Vendor credits', VendorCreditCreate, VendorCredit),
});
