import { VendorPrepayment, VendorPrepaymentAllocation, VendorPrepaymentAllocationResult } from '../../../shared/ledger/index.ts';
import { prepaymentRoutes } from '../../../shared/cash/prepayment-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const vendorPrepaymentsRoutes = defineRoutes(prepaymentRoutes('vendor_prepayment', 'vendorPrepayments', 'vendor-prepayments', 'vendor-prepayment-allocations', 'functions/cash/vendor-prepayments', 'purchases_payments', 'Vendor prepayments', VendorPrepayment, VendorPrepaymentAllocation, VendorPrepaymentAllocationResult));
