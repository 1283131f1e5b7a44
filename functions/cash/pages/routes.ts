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
});
