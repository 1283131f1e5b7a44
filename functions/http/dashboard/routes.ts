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
  customerNew: { id: 'dashboard.customerNew', method: 'GET', path: '/dashboard/customers/new', entry: page('customer-new'), auth: 'browser', scope: 'sales_customers:create' },
  customerCreate: { id: 'dashboard.customerCreate', method: 'POST', path: '/dashboard/customers', entry: page('customer-create'), auth: 'browser', scope: 'sales_customers:create' },
  customerEdit: { id: 'dashboard.customerEdit', method: 'GET', path: '/dashboard/customers/{id}/edit', entry: page('customer-edit'), auth: 'browser', scope: 'sales_customers:update' },
  customerUpdate: { id: 'dashboard.customerUpdate', method: 'POST', path: '/dashboard/customers/{id}', entry: page('customer-update'), auth: 'browser', scope: 'sales_customers:update' },
  vendorNew: { id: 'dashboard.vendorNew', method: 'GET', path: '/dashboard/vendors/new', entry: page('vendor-new'), auth: 'browser', scope: 'purchases_vendors:create' },
  vendorCreate: { id: 'dashboard.vendorCreate', method: 'POST', path: '/dashboard/vendors', entry: page('vendor-create'), auth: 'browser', scope: 'purchases_vendors:create' },
  vendorEdit: { id: 'dashboard.vendorEdit', method: 'GET', path: '/dashboard/vendors/{id}/edit', entry: page('vendor-edit'), auth: 'browser', scope: 'purchases_vendors:update' },
  vendorUpdate: { id: 'dashboard.vendorUpdate', method: 'POST', path: '/dashboard/vendors/{id}', entry: page('vendor-update'), auth: 'browser', scope: 'purchases_vendors:update' },
  items: { id: 'dashboard.items', method: 'GET', path: '/dashboard/items', entry: page('items'), auth: 'browser', scope: 'inventory_items:read' },
  itemNew: { id: 'dashboard.itemNew', method: 'GET', path: '/dashboard/items/new', entry: page('item-new'), auth: 'browser', scope: 'inventory_items:create' },
  itemCreate: { id: 'dashboard.itemCreate', method: 'POST', path: '/dashboard/items', entry: page('item-create'), auth: 'browser', scope: 'inventory_items:create' },
  itemEdit: { id: 'dashboard.itemEdit', method: 'GET', path: '/dashboard/items/{id}/edit', entry: page('item-edit'), auth: 'browser', scope: 'inventory_items:update' },
  itemUpdate: { id: 'dashboard.itemUpdate', method: 'POST', path: '/dashboard/items/{id}', entry: page('item-update'), auth: 'browser', scope: 'inventory_items:update' },
  accounts: { id: 'dashboard.accounts', method: 'GET', path: '/dashboard/accounts', entry: page('accounts'), auth: 'browser', scope: 'finance_ledger:read' },
  accountNew: { id: 'dashboard.accountNew', method: 'GET', path: '/dashboard/accounts/new', entry: page('account-new'), auth: 'browser', scope: 'finance_ledger:create' },
  accountCreate: { id: 'dashboard.accountCreate', method: 'POST', path: '/dashboard/accounts', entry: page('account-create'), auth: 'browser', scope: 'finance_ledger:create' },
  accountEdit: { id: 'dashboard.accountEdit', method: 'GET', path: '/dashboard/accounts/{id}/edit', entry: page('account-edit'), auth: 'browser', scope: 'finance_ledger:update' },
  accountUpdate: { id: 'dashboard.accountUpdate', method: 'POST', path: '/dashboard/accounts/{id}', entry: page('account-update'), auth: 'browser', scope: 'finance_ledger:update' },
  receiptForm: { id: 'dashboard.receiptForm', method: 'GET', path: '/dashboard/receipts/new', entry: page('receipt-form'), auth: 'browser', scope: 'sales_receipts:create' },
  recordReceipt: { id: 'dashboard.recordReceipt', method: 'POST', path: '/dashboard/receipts', entry: page('record-receipt'), auth: 'browser', scope: 'sales_receipts:create' },
  paymentForm: { id: 'dashboard.paymentForm', method: 'GET', path: '/dashboard/payments/new', entry: page('payment-form'), auth: 'browser', scope: 'purchases_payments:create' },
  outbox: { id: 'dashboard.outbox', method: 'GET', path: '/dashboard/outbox', entry: page('outbox'), auth: 'browser', scope: 'sales_invoices:read', localOnly: true },
  outboxMessage: { id: 'dashboard.outboxMessage', method: 'GET', path: '/dashboard/outbox/{id}', entry: page('outbox-message'), auth: 'browser', scope: 'sales_invoices:read', localOnly: true },
  recordPayment: { id: 'dashboard.recordPayment', method: 'POST', path: '/dashboard/payments', entry: page('record-payment'), auth: 'browser', scope: 'purchases_payments:create' },
});
