import { VendorRefundCreate, VendorRefund } from '../../../shared/cash/refunds.ts';
import { refundRoutes } from '../../../shared/cash/refund-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const vendorRefundsRoutes = defineRoutes(refundRoutes('vendorRefunds', 'vendor-refunds', 'functions/cash/vendor-refunds', 'purchases_payments', 'Vendor refunds', 'vendor', VendorRefundCreate, VendorRefund));
