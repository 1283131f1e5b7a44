import { Prepayment, PrepaymentAllocation, PrepaymentAllocationResult } from '../../../shared/ledger/index.ts';
import { prepaymentRoutes } from '../../../shared/cash/prepayment-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const prepaymentsRoutes = defineRoutes(prepaymentRoutes('prepayment', 'prepayments', 'prepayments', 'prepayment-allocations', 'functions/cash/prepayments', 'sales_receipts', 'Prepayments', Prepayment, PrepaymentAllocation, PrepaymentAllocationResult));
