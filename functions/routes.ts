/**
 * The route table: the one list of endpoints. CDK builds one Lambda and one API Gateway route per row, the local
 * runtime serves the same rows, and the OpenAPI description covers them. Data only: no logic lives here.
 *
 * - `path` is in API Gateway form (`{id}` for a path parameter); `$default` catches every unmatched request.
 * - `entry` is the handler module, relative to the repository root; it exports `handler`.
 * - `auth`: `public` (no credential), `bearer` (API key or OAuth access token), `api_key:webhooks` (an API key
 *   holding the webhooks option), `browser` (a page of the sign-in and consent flow, with its own cookie session),
 *   `client` (an OAuth endpoint that authenticates the client itself), `rail` (a bank's call signed with its
 *   payout rail's secret).
 * - `scope`: the scope a bearer credential must hold, or null.
 */
import type { Scope } from '../shared/domain/scopes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type RouteAuth = 'public' | 'bearer' | 'api_key:webhooks' | 'browser' | 'client' | 'rail';

export interface RouteRow {
  readonly id: string;
  readonly method: HttpMethod | 'ANY';
  readonly path: string;
  readonly entry: string;
  readonly auth: RouteAuth;
  readonly scope: Scope | null;
}

export const routes = [
  { id: 'index.get', method: 'GET', path: '/api/v1', entry: 'functions/http/index/get.ts', auth: 'public', scope: null },
  { id: 'openapi.get', method: 'GET', path: '/api/v1/openapi.json', entry: 'functions/http/index/openapi.ts', auth: 'public', scope: null },
  { id: 'webhookEvents.list', method: 'GET', path: '/api/v1/webhooks/events', entry: 'functions/http/webhooks/events.ts', auth: 'api_key:webhooks', scope: null },

  { id: 'oauth.signInPage', method: 'GET', path: '/oauth/sign-in', entry: 'functions/http/oauth/sign-in-page.ts', auth: 'browser', scope: null },
  { id: 'oauth.signIn', method: 'POST', path: '/oauth/sign-in', entry: 'functions/http/oauth/sign-in.ts', auth: 'browser', scope: null },
  { id: 'oauth.authorize', method: 'GET', path: '/oauth/authorize', entry: 'functions/http/oauth/authorize.ts', auth: 'browser', scope: null },
  { id: 'oauth.consent', method: 'POST', path: '/oauth/authorize', entry: 'functions/http/oauth/consent.ts', auth: 'browser', scope: null },
  { id: 'oauth.connections', method: 'GET', path: '/oauth/connections', entry: 'functions/http/oauth/connections.ts', auth: 'browser', scope: null },
  { id: 'oauth.revokeConnection', method: 'POST', path: '/oauth/connections/{id}/revoke', entry: 'functions/http/oauth/revoke-connection.ts', auth: 'browser', scope: null },
  { id: 'oauth.token', method: 'POST', path: '/oauth/token', entry: 'functions/http/oauth/token.ts', auth: 'client', scope: null },
  { id: 'oauth.revoke', method: 'POST', path: '/oauth/revoke', entry: 'functions/http/oauth/revoke.ts', auth: 'client', scope: null },

  { id: 'apiKeys.create', method: 'POST', path: '/api/v1/api-keys', entry: 'functions/http/api-keys/create.ts', auth: 'bearer', scope: 'settings_api_keys:manage' },
  { id: 'apiKeys.list', method: 'GET', path: '/api/v1/api-keys', entry: 'functions/http/api-keys/list.ts', auth: 'bearer', scope: 'settings_api_keys:manage' },
  { id: 'apiKeys.delete', method: 'DELETE', path: '/api/v1/api-keys/{id}', entry: 'functions/http/api-keys/delete.ts', auth: 'bearer', scope: 'settings_api_keys:manage' },

  { id: 'webhookEndpoints.create', method: 'POST', path: '/api/v1/webhooks/endpoints', entry: 'functions/http/webhook-endpoints/create.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookEndpoints.list', method: 'GET', path: '/api/v1/webhooks/endpoints', entry: 'functions/http/webhook-endpoints/list.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookEndpoints.get', method: 'GET', path: '/api/v1/webhooks/endpoints/{id}', entry: 'functions/http/webhook-endpoints/get.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookEndpoints.update', method: 'PATCH', path: '/api/v1/webhooks/endpoints/{id}', entry: 'functions/http/webhook-endpoints/update.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookEndpoints.delete', method: 'DELETE', path: '/api/v1/webhooks/endpoints/{id}', entry: 'functions/http/webhook-endpoints/delete.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookEndpoints.ping', method: 'POST', path: '/api/v1/webhooks/endpoints/{id}/ping', entry: 'functions/http/webhook-endpoints/ping.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookEndpoints.rotateSecret', method: 'POST', path: '/api/v1/webhooks/endpoints/{id}/rotate-secret', entry: 'functions/http/webhook-endpoints/rotate-secret.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookDeliveries.list', method: 'GET', path: '/api/v1/webhooks/endpoints/{id}/deliveries', entry: 'functions/http/webhook-endpoints/deliveries.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'webhookDeliveries.retry', method: 'POST', path: '/api/v1/webhooks/deliveries/{id}/retry', entry: 'functions/http/webhook-endpoints/retry-delivery.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },

  { id: 'customers.create', method: 'POST', path: '/api/v1/customers', entry: 'functions/http/customers/create.ts', auth: 'bearer', scope: 'sales_customers:create' },
  { id: 'customers.list', method: 'GET', path: '/api/v1/customers', entry: 'functions/http/customers/list.ts', auth: 'bearer', scope: 'sales_customers:read' },
  { id: 'customers.get', method: 'GET', path: '/api/v1/customers/{id}', entry: 'functions/http/customers/get.ts', auth: 'bearer', scope: 'sales_customers:read' },
  { id: 'customers.update', method: 'PATCH', path: '/api/v1/customers/{id}', entry: 'functions/http/customers/update.ts', auth: 'bearer', scope: 'sales_customers:update' },

  { id: 'vendors.create', method: 'POST', path: '/api/v1/vendors', entry: 'functions/http/vendors/create.ts', auth: 'bearer', scope: 'purchases_vendors:create' },
  { id: 'vendors.list', method: 'GET', path: '/api/v1/vendors', entry: 'functions/http/vendors/list.ts', auth: 'bearer', scope: 'purchases_vendors:read' },
  { id: 'vendors.get', method: 'GET', path: '/api/v1/vendors/{id}', entry: 'functions/http/vendors/get.ts', auth: 'bearer', scope: 'purchases_vendors:read' },
  { id: 'vendors.update', method: 'PATCH', path: '/api/v1/vendors/{id}', entry: 'functions/http/vendors/update.ts', auth: 'bearer', scope: 'purchases_vendors:update' },

  { id: 'items.create', method: 'POST', path: '/api/v1/items', entry: 'functions/http/items/create.ts', auth: 'bearer', scope: 'inventory_items:create' },
  { id: 'items.list', method: 'GET', path: '/api/v1/items', entry: 'functions/http/items/list.ts', auth: 'bearer', scope: 'inventory_items:read' },
  { id: 'items.get', method: 'GET', path: '/api/v1/items/{id}', entry: 'functions/http/items/get.ts', auth: 'bearer', scope: 'inventory_items:read' },
  { id: 'items.update', method: 'PATCH', path: '/api/v1/items/{id}', entry: 'functions/http/items/update.ts', auth: 'bearer', scope: 'inventory_items:update' },

  { id: 'bankAccounts.create', method: 'POST', path: '/api/v1/bank-feeds/accounts', entry: 'functions/http/bank-accounts/create.ts', auth: 'bearer', scope: 'finance_banking:create' },
  { id: 'bankAccounts.list', method: 'GET', path: '/api/v1/bank-feeds/accounts', entry: 'functions/http/bank-accounts/list.ts', auth: 'bearer', scope: 'finance_banking:read' },
  { id: 'bankAccounts.get', method: 'GET', path: '/api/v1/bank-feeds/accounts/{id}', entry: 'functions/http/bank-accounts/get.ts', auth: 'bearer', scope: 'finance_banking:read' },
  { id: 'bankLines.create', method: 'POST', path: '/api/v1/bank-feeds/accounts/{id}/lines', entry: 'functions/http/bank-accounts/add-lines.ts', auth: 'bearer', scope: 'finance_banking:create' },
  { id: 'bankLines.list', method: 'GET', path: '/api/v1/bank-feeds/accounts/{id}/lines', entry: 'functions/http/bank-accounts/list-lines.ts', auth: 'bearer', scope: 'finance_banking:read' },
  { id: 'bankImports.create', method: 'POST', path: '/api/v1/bank-feeds/accounts/{id}/imports', entry: 'functions/http/bank-accounts/import.ts', auth: 'bearer', scope: 'finance_banking:create' },
  { id: 'payoutRails.create', method: 'POST', path: '/api/v1/payout-rails', entry: 'functions/http/payout-rails/create.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'payoutRails.list', method: 'GET', path: '/api/v1/payout-rails', entry: 'functions/http/payout-rails/list.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'payoutRails.delete', method: 'DELETE', path: '/api/v1/payout-rails/{id}', entry: 'functions/http/payout-rails/delete.ts', auth: 'bearer', scope: 'settings_webhooks:manage' },
  { id: 'rails.confirmPayout', method: 'POST', path: '/rails/{rail_id}/payout-confirmations', entry: 'functions/http/rails/payout-confirmation.ts', auth: 'rail', scope: null },

  { id: 'invoices.create', method: 'POST', path: '/api/v1/invoices', entry: 'functions/http/invoices/create.ts', auth: 'bearer', scope: 'sales_invoices:create' },
  { id: 'invoices.list', method: 'GET', path: '/api/v1/invoices', entry: 'functions/http/invoices/list.ts', auth: 'bearer', scope: 'sales_invoices:read' },
  { id: 'invoices.get', method: 'GET', path: '/api/v1/invoices/{id}', entry: 'functions/http/invoices/get.ts', auth: 'bearer', scope: 'sales_invoices:read' },
  { id: 'invoices.void', method: 'POST', path: '/api/v1/invoices/{id}/void', entry: 'functions/http/invoices/void.ts', auth: 'bearer', scope: 'sales_invoices:void' },

  { id: 'bills.create', method: 'POST', path: '/api/v1/bills', entry: 'functions/http/bills/create.ts', auth: 'bearer', scope: 'purchases_bills:create' },
  { id: 'bills.list', method: 'GET', path: '/api/v1/bills', entry: 'functions/http/bills/list.ts', auth: 'bearer', scope: 'purchases_bills:read' },
  { id: 'bills.get', method: 'GET', path: '/api/v1/bills/{id}', entry: 'functions/http/bills/get.ts', auth: 'bearer', scope: 'purchases_bills:read' },
  { id: 'bills.void', method: 'POST', path: '/api/v1/bills/{id}/void', entry: 'functions/http/bills/void.ts', auth: 'bearer', scope: 'purchases_bills:void' },

  { id: 'estimates.create', method: 'POST', path: '/api/v1/estimates', entry: 'functions/http/estimates/create.ts', auth: 'bearer', scope: 'sales_documents:create' },
  { id: 'estimates.list', method: 'GET', path: '/api/v1/estimates', entry: 'functions/http/estimates/list.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'estimates.get', method: 'GET', path: '/api/v1/estimates/{id}', entry: 'functions/http/estimates/get.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'estimates.void', method: 'POST', path: '/api/v1/estimates/{id}/void', entry: 'functions/http/estimates/void.ts', auth: 'bearer', scope: 'sales_documents:void' },

  { id: 'salesOrders.create', method: 'POST', path: '/api/v1/sales-orders', entry: 'functions/http/sales-orders/create.ts', auth: 'bearer', scope: 'sales_documents:create' },
  { id: 'salesOrders.list', method: 'GET', path: '/api/v1/sales-orders', entry: 'functions/http/sales-orders/list.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'salesOrders.get', method: 'GET', path: '/api/v1/sales-orders/{id}', entry: 'functions/http/sales-orders/get.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'salesOrders.void', method: 'POST', path: '/api/v1/sales-orders/{id}/void', entry: 'functions/http/sales-orders/void.ts', auth: 'bearer', scope: 'sales_documents:void' },

  { id: 'purchaseOrders.create', method: 'POST', path: '/api/v1/purchase-orders', entry: 'functions/http/purchase-orders/create.ts', auth: 'bearer', scope: 'purchases_documents:create' },
  { id: 'purchaseOrders.list', method: 'GET', path: '/api/v1/purchase-orders', entry: 'functions/http/purchase-orders/list.ts', auth: 'bearer', scope: 'purchases_documents:read' },
  { id: 'purchaseOrders.get', method: 'GET', path: '/api/v1/purchase-orders/{id}', entry: 'functions/http/purchase-orders/get.ts', auth: 'bearer', scope: 'purchases_documents:read' },
  { id: 'purchaseOrders.void', method: 'POST', path: '/api/v1/purchase-orders/{id}/void', entry: 'functions/http/purchase-orders/void.ts', auth: 'bearer', scope: 'purchases_documents:void' },

  { id: 'creditNotes.create', method: 'POST', path: '/api/v1/credit-notes', entry: 'functions/http/credit-notes/create.ts', auth: 'bearer', scope: 'sales_documents:create' },
  { id: 'creditNotes.list', method: 'GET', path: '/api/v1/credit-notes', entry: 'functions/http/credit-notes/list.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'creditNotes.get', method: 'GET', path: '/api/v1/credit-notes/{id}', entry: 'functions/http/credit-notes/get.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'creditNotes.void', method: 'POST', path: '/api/v1/credit-notes/{id}/void', entry: 'functions/http/credit-notes/void.ts', auth: 'bearer', scope: 'sales_documents:void' },
  { id: 'creditNotes.allocate', method: 'POST', path: '/api/v1/credit-notes/{id}/allocations', entry: 'functions/http/credit-notes/allocate.ts', auth: 'bearer', scope: 'sales_documents:create' },
  { id: 'creditAllocations.void', method: 'POST', path: '/api/v1/credit-allocations/{id}/void', entry: 'functions/http/credit-allocations/void.ts', auth: 'bearer', scope: 'sales_documents:void' },

  { id: 'debitNotes.create', method: 'POST', path: '/api/v1/debit-notes', entry: 'functions/http/debit-notes/create.ts', auth: 'bearer', scope: 'sales_documents:create' },
  { id: 'debitNotes.list', method: 'GET', path: '/api/v1/debit-notes', entry: 'functions/http/debit-notes/list.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'debitNotes.get', method: 'GET', path: '/api/v1/debit-notes/{id}', entry: 'functions/http/debit-notes/get.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'debitNotes.void', method: 'POST', path: '/api/v1/debit-notes/{id}/void', entry: 'functions/http/debit-notes/void.ts', auth: 'bearer', scope: 'sales_documents:void' },

  { id: 'cashSales.create', method: 'POST', path: '/api/v1/cash-sales', entry: 'functions/http/cash-sales/create.ts', auth: 'bearer', scope: 'sales_documents:create' },
  { id: 'cashSales.list', method: 'GET', path: '/api/v1/cash-sales', entry: 'functions/http/cash-sales/list.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'cashSales.get', method: 'GET', path: '/api/v1/cash-sales/{id}', entry: 'functions/http/cash-sales/get.ts', auth: 'bearer', scope: 'sales_documents:read' },
  { id: 'cashSales.void', method: 'POST', path: '/api/v1/cash-sales/{id}/void', entry: 'functions/http/cash-sales/void.ts', auth: 'bearer', scope: 'sales_documents:void' },

  { id: 'expenses.create', method: 'POST', path: '/api/v1/expenses', entry: 'functions/http/expenses/create.ts', auth: 'bearer', scope: 'purchases_documents:create' },
  { id: 'expenses.list', method: 'GET', path: '/api/v1/expenses', entry: 'functions/http/expenses/list.ts', auth: 'bearer', scope: 'purchases_documents:read' },
  { id: 'expenses.get', method: 'GET', path: '/api/v1/expenses/{id}', entry: 'functions/http/expenses/get.ts', auth: 'bearer', scope: 'purchases_documents:read' },
  { id: 'expenses.void', method: 'POST', path: '/api/v1/expenses/{id}/void', entry: 'functions/http/expenses/void.ts', auth: 'bearer', scope: 'purchases_documents:void' },

  { id: 'receipts.create', method: 'POST', path: '/api/v1/receipts', entry: 'functions/http/receipts/create.ts', auth: 'bearer', scope: 'sales_receipts:create' },
  { id: 'receipts.list', method: 'GET', path: '/api/v1/receipts', entry: 'functions/http/receipts/list.ts', auth: 'bearer', scope: 'sales_receipts:read' },
  { id: 'receipts.get', method: 'GET', path: '/api/v1/receipts/{id}', entry: 'functions/http/receipts/get.ts', auth: 'bearer', scope: 'sales_receipts:read' },
  { id: 'receipts.void', method: 'POST', path: '/api/v1/receipts/{id}/void', entry: 'functions/http/receipts/void.ts', auth: 'bearer', scope: 'sales_receipts:void' },

  { id: 'payments.create', method: 'POST', path: '/api/v1/payments', entry: 'functions/http/payments/create.ts', auth: 'bearer', scope: 'purchases_payments:create' },
  { id: 'payments.list', method: 'GET', path: '/api/v1/payments', entry: 'functions/http/payments/list.ts', auth: 'bearer', scope: 'purchases_payments:read' },
  { id: 'payments.get', method: 'GET', path: '/api/v1/payments/{id}', entry: 'functions/http/payments/get.ts', auth: 'bearer', scope: 'purchases_payments:read' },
  { id: 'payments.void', method: 'POST', path: '/api/v1/payments/{id}/void', entry: 'functions/http/payments/void.ts', auth: 'bearer', scope: 'purchases_payments:void' },
  { id: 'accounts.list', method: 'GET', path: '/api/v1/accounts', entry: 'functions/http/ledger/accounts.ts', auth: 'bearer', scope: 'finance_ledger:read' },
  { id: 'journalEntries.list', method: 'GET', path: '/api/v1/journal-entries', entry: 'functions/http/ledger/journal-entries.ts', auth: 'bearer', scope: 'finance_ledger:read' },
  { id: 'trialBalance.get', method: 'GET', path: '/api/v1/reports/trial-balance', entry: 'functions/http/ledger/trial-balance.ts', auth: 'bearer', scope: 'finance_ledger:read' },

  { id: 'fallback', method: 'ANY', path: '$default', entry: 'functions/http/fallback.ts', auth: 'public', scope: null },
] as const satisfies readonly RouteRow[];

export type Route = (typeof routes)[number];
export type RouteId = Route['id'];
