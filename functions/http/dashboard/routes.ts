import { defineRoutes } from '../../../shared/http/route.ts';

const page = (entry: string) => `functions/http/dashboard/${entry}.ts`;

/**
 * The dashboard's pages and form actions. A row's `scope` is what the signed-in user's role must grant in the
 * business picked in the header; the dashboard kind refuses anything else before the handler runs.
 */
export const dashboardRoutes = defineRoutes({
  stylesheet: { id: 'dashboard.stylesheet', method: 'GET', path: '/assets/app.css', entry: page('stylesheet'), auth: 'browser', scope: null },
  overview: { id: 'dashboard.overview', method: 'GET', path: '/dashboard', entry: page('overview'), auth: 'browser', scope: 'sales_invoices:read' },
  businesses: { id: 'dashboard.businesses', method: 'GET', path: '/dashboard/businesses', entry: page('businesses'), auth: 'browser', scope: null },
  pickBusiness: { id: 'dashboard.pickBusiness', method: 'POST', path: '/dashboard/business', entry: page('pick-business'), auth: 'browser', scope: null },
  signOut: { id: 'dashboard.signOut', method: 'POST', path: '/dashboard/sign-out', entry: page('sign-out'), auth: 'browser', scope: null },
  signOutEverywhere: { id: 'dashboard.signOutEverywhere', method: 'POST', path: '/dashboard/sign-out-everywhere', entry: page('sign-out-everywhere'), auth: 'browser', scope: null },
  invoices: { id: 'dashboard.invoices', method: 'GET', path: '/dashboard/invoices', entry: page('invoices'), auth: 'browser', scope: 'sales_invoices:read' },
  invoice: { id: 'dashboard.invoice', method: 'GET', path: '/dashboard/invoices/{id}', entry: page('invoice'), auth: 'browser', scope: 'sales_invoices:read' },
  voidInvoice: { id: 'dashboard.voidInvoice', method: 'POST', path: '/dashboard/invoices/{id}/void', entry: page('void-invoice'), auth: 'browser', scope: 'sales_invoices:void' },
  bills: { id: 'dashboard.bills', method: 'GET', path: '/dashboard/bills', entry: page('bills'), auth: 'browser', scope: 'purchases_bills:read' },
  bill: { id: 'dashboard.bill', method: 'GET', path: '/dashboard/bills/{id}', entry: page('bill'), auth: 'browser', scope: 'purchases_bills:read' },
  voidBill: { id: 'dashboard.voidBill', method: 'POST', path: '/dashboard/bills/{id}/void', entry: page('void-bill'), auth: 'browser', scope: 'purchases_bills:void' },
  customers: { id: 'dashboard.customers', method: 'GET', path: '/dashboard/customers', entry: page('customers'), auth: 'browser', scope: 'sales_customers:read' },
  vendors: { id: 'dashboard.vendors', method: 'GET', path: '/dashboard/vendors', entry: page('vendors'), auth: 'browser', scope: 'purchases_vendors:read' },
  receiptForm: { id: 'dashboard.receiptForm', method: 'GET', path: '/dashboard/receipts/new', entry: page('receipt-form'), auth: 'browser', scope: 'sales_receipts:create' },
  recordReceipt: { id: 'dashboard.recordReceipt', method: 'POST', path: '/dashboard/receipts', entry: page('record-receipt'), auth: 'browser', scope: 'sales_receipts:create' },
  paymentForm: { id: 'dashboard.paymentForm', method: 'GET', path: '/dashboard/payments/new', entry: page('payment-form'), auth: 'browser', scope: 'purchases_payments:create' },
  outbox: { id: 'dashboard.outbox', method: 'GET', path: '/dashboard/outbox', entry: page('outbox'), auth: 'browser', scope: 'sales_invoices:read', localOnly: true },
  outboxMessage: { id: 'dashboard.outboxMessage', method: 'GET', path: '/dashboard/outbox/{id}', entry: page('outbox-message'), auth: 'browser', scope: 'sales_invoices:read', localOnly: true },
  recordPayment: { id: 'dashboard.recordPayment', method: 'POST', path: '/dashboard/payments', entry: page('record-payment'), auth: 'browser', scope: 'purchases_payments:create' },
});
