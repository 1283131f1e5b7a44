import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/cash/pages/${entry}.ts`;

/** The cash domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const cashPageRoutes = defineRoutes({
  receiptForm: { id: 'dashboard.receiptForm', method: 'GET', path: '/dashboard/receipts/new', entry: page('receipt-form'), auth: 'browser', scope: 'sales_receipts:create' },
  recordReceipt: { id: 'dashboard.recordReceipt', method: 'POST', path: '/dashboard/receipts', entry: page('record-receipt'), auth: 'browser', scope: 'sales_receipts:create' },
  receipt: { id: 'dashboard.receipt', method: 'GET', path: '/dashboard/receipts/{id}', entry: page('receipt'), auth: 'browser', scope: 'sales_receipts:read' },
  confirmVoidReceipt: { id: 'dashboard.confirmVoidReceipt', method: 'GET', path: '/dashboard/receipts/{id}/void', entry: page('confirm-void-receipt'), auth: 'browser', scope: 'sales_receipts:void' },
  voidReceipt: { id: 'dashboard.voidReceipt', method: 'POST', path: '/dashboard/receipts/{id}/void', entry: page('void-receipt'), auth: 'browser', scope: 'sales_receipts:void' },
  paymentForm: { id: 'dashboard.paymentForm', method: 'GET', path: '/dashboard/payments/new', entry: page('payment-form'), auth: 'browser', scope: 'purchases_payments:create' },
  recordPayment: { id: 'dashboard.recordPayment', method: 'POST', path: '/dashboard/payments', entry: page('record-payment'), auth: 'browser', scope: 'purchases_payments:create' },
  payment: { id: 'dashboard.payment', method: 'GET', path: '/dashboard/payments/{id}', entry: page('payment'), auth: 'browser', scope: 'purchases_payments:read' },
  confirmVoidPayment: { id: 'dashboard.confirmVoidPayment', method: 'GET', path: '/dashboard/payments/{id}/void', entry: page('confirm-void-payment'), auth: 'browser', scope: 'purchases_payments:void' },
  voidPayment: { id: 'dashboard.voidPayment', method: 'POST', path: '/dashboard/payments/{id}/void', entry: page('void-payment'), auth: 'browser', scope: 'purchases_payments:void' },
  // A party's credit held as money (a prepayment, or what a receipt or payment held beyond its allocations): the credit pages.
  prepayments: { id: 'dashboard.prepayments', method: 'GET', path: '/dashboard/prepayments', entry: page('prepayments'), auth: 'browser', scope: 'sales_receipts:read' },
  prepayment: { id: 'dashboard.prepayment', method: 'GET', path: '/dashboard/prepayments/{id}', entry: page('prepayment'), auth: 'browser', scope: 'sales_receipts:read' },
  confirmVoidPrepayment: { id: 'dashboard.confirmVoidPrepayment', method: 'GET', path: '/dashboard/prepayments/{id}/void', entry: page('confirm-void-prepayment'), auth: 'browser', scope: 'sales_receipts:void' },
  voidPrepayment: { id: 'dashboard.voidPrepayment', method: 'POST', path: '/dashboard/prepayments/{id}/void', entry: page('void-prepayment'), auth: 'browser', scope: 'sales_receipts:void' },
  applyPrepayment: { id: 'dashboard.applyPrepayment', method: 'POST', path: '/dashboard/prepayments/{id}/allocations', entry: page('apply-prepayment'), auth: 'browser', scope: 'sales_receipts:create' },
  refundPrepayment: { id: 'dashboard.refundPrepayment', method: 'POST', path: '/dashboard/prepayments/{id}/refund', entry: page('refund-prepayment'), auth: 'browser', scope: 'sales_receipts:create' },
  undoPrepayment: { id: 'dashboard.undoPrepayment', method: 'POST', path: '/dashboard/prepayment-allocations/{id}/void', entry: page('undo-prepayment'), auth: 'browser', scope: 'sales_receipts:void' },
  vendorPrepayments: { id: 'dashboard.vendorPrepayments', method: 'GET', path: '/dashboard/vendor-prepayments', entry: page('vendor-prepayments'), auth: 'browser', scope: 'purchases_payments:read' },
  vendorPrepayment: { id: 'dashboard.vendorPrepayment', method: 'GET', path: '/dashboard/vendor-prepayments/{id}', entry: page('vendor-prepayment'), auth: 'browser', scope: 'purchases_payments:read' },
  confirmVoidVendorPrepayment: { id: 'dashboard.confirmVoidVendorPrepayment', method: 'GET', path: '/dashboard/vendor-prepayments/{id}/void', entry: page('confirm-void-vendor-prepayment'), auth: 'browser', scope: 'purchases_payments:void' },
  voidVendorPrepayment: { id: 'dashboard.voidVendorPrepayment', method: 'POST', path: '/dashboard/vendor-prepayments/{id}/void', entry: page('void-vendor-prepayment'), auth: 'browser', scope: 'purchases_payments:void' },
  applyVendorPrepayment: { id: 'dashboard.applyVendorPrepayment', method: 'POST', path: '/dashboard/vendor-prepayments/{id}/allocations', entry: page('apply-vendor-prepayment'), auth: 'browser', scope: 'purchases_payments:create' },
  refundVendorPrepayment: { id: 'dashboard.refundVendorPrepayment', method: 'POST', path: '/dashboard/vendor-prepayments/{id}/refund', entry: page('refund-vendor-prepayment'), auth: 'browser', scope: 'purchases_payments:create' },
  undoVendorPrepayment: { id: 'dashboard.undoVendorPrepayment', method: 'POST', path: '/dashboard/vendor-prepayment-allocations/{id}/void', entry: page('undo-vendor-prepayment'), auth: 'browser', scope: 'purchases_payments:void' },
  // Money back out of a party's credit: made on the credit's page, listed and voided here.
  refunds: { id: 'dashboard.refunds', method: 'GET', path: '/dashboard/refunds', entry: page('refunds'), auth: 'browser', scope: 'sales_receipts:read' },
  refund: { id: 'dashboard.refund', method: 'GET', path: '/dashboard/refunds/{id}', entry: page('refund'), auth: 'browser', scope: 'sales_receipts:read' },
  confirmVoidRefund: { id: 'dashboard.confirmVoidRefund', method: 'GET', path: '/dashboard/refunds/{id}/void', entry: page('confirm-void-refund'), auth: 'browser', scope: 'sales_receipts:void' },
  voidRefund: { id: 'dashboard.voidRefund', method: 'POST', path: '/dashboard/refunds/{id}/void', entry: page('void-refund'), auth: 'browser', scope: 'sales_receipts:void' },
  vendorRefunds: { id: 'dashboard.vendorRefunds', method: 'GET', path: '/dashboard/vendor-refunds', entry: page('vendor-refunds'), auth: 'browser', scope: 'purchases_payments:read' },
  vendorRefund: { id: 'dashboard.vendorRefund', method: 'GET', path: '/dashboard/vendor-refunds/{id}', entry: page('vendor-refund'), auth: 'browser', scope: 'purchases_payments:read' },
  confirmVoidVendorRefund: { id: 'dashboard.confirmVoidVendorRefund', method: 'GET', path: '/dashboard/vendor-refunds/{id}/void', entry: page('confirm-void-vendor-refund'), auth: 'browser', scope: 'purchases_payments:void' },
  voidVendorRefund: { id: 'dashboard.voidVendorRefund', method: 'POST', path: '/dashboard/vendor-refunds/{id}/void', entry: page('void-vendor-refund'), auth: 'browser', scope: 'purchases_payments:void' },
});
