import { CreditAllocation, VoidInput } from '../../../shared/ledger/index.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const creditAllocationsRoutes = defineRoutes({
  void: { id: 'creditAllocations.void', method: 'POST', path: '/api/v1/credit-allocations/{id}/void', entry: 'functions/cash/credit-allocations/void.ts', auth: 'bearer', scope: 'sales_documents:void', contract: { body: VoidInput, optionalBody: true, posting: true, summary: 'Void a credit allocation, reopening its invoice', tag: 'Credit notes', response: CreditAllocation } },
});
