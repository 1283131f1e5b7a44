import { RefundCreate, Refund } from '../../../shared/cash/refunds.ts';
import { refundRoutes } from '../../../shared/cash/refund-routes.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const refundsRoutes = defineRoutes(refundRoutes('refunds', 'refunds', 'functions/cash/refunds', 'sales_receipts', 'Refunds', 'customer', RefundCreate, Refund));
