/**
 * The route table: the one list of endpoints, assembled from each feature's own rows (`functions/http/<feature>/
 * routes.ts`, where each row keeps its contract). CDK builds one Lambda and one API Gateway route per row, the
 * local runtime serves the same rows, and the OpenAPI description covers them. A handler imports only its own
 * feature's rows, never this table, so its bundle holds no other feature's schemas.
 */
import type { RouteRow } from '../shared/http/route.ts';
import { indexRoutes } from './http/index/routes.ts';
import { webhooksRoutes } from './http/webhooks/routes.ts';
import { oauthRoutes } from './http/oauth/routes.ts';
import { apiKeysRoutes } from './http/api-keys/routes.ts';
import { webhookEndpointsRoutes } from './http/webhook-endpoints/routes.ts';
import { customersRoutes } from './http/customers/routes.ts';
import { vendorsRoutes } from './http/vendors/routes.ts';
import { itemsRoutes } from './http/items/routes.ts';
import { bankAccountsRoutes } from './http/bank-accounts/routes.ts';
import { publicInvoicesRoutes } from './http/public-invoices/routes.ts';
import { payoutRailsRoutes } from './http/payout-rails/routes.ts';
import { railsRoutes } from './http/rails/routes.ts';
import { invoicesRoutes } from './http/invoices/routes.ts';
import { recurringInvoicesRoutes } from './http/recurring-invoices/routes.ts';
import { membersRoutes } from './http/members/routes.ts';
import { invitationsRoutes } from './http/invitations/routes.ts';
import { billsRoutes } from './http/bills/routes.ts';
import { estimatesRoutes } from './http/estimates/routes.ts';
import { salesOrdersRoutes } from './http/sales-orders/routes.ts';
import { purchaseOrdersRoutes } from './http/purchase-orders/routes.ts';
import { creditNotesRoutes } from './http/credit-notes/routes.ts';
import { creditAllocationsRoutes } from './http/credit-allocations/routes.ts';
import { debitNotesRoutes } from './http/debit-notes/routes.ts';
import { cashSalesRoutes } from './http/cash-sales/routes.ts';
import { expensesRoutes } from './http/expenses/routes.ts';
import { receiptsRoutes } from './http/receipts/routes.ts';
import { paymentsRoutes } from './http/payments/routes.ts';
import { ledgerRoutes } from './http/ledger/routes.ts';
import { exchangeRatesRoutes } from './http/exchange-rates/routes.ts';
import { journalsRoutes } from './http/journals/routes.ts';
import { businessRoutes } from './http/business/routes.ts';
import { remindersRoutes } from './http/reminders/routes.ts';
import { eventsRoutes } from './http/events/routes.ts';
import { dashboardRoutes } from './http/dashboard/routes.ts';
import { dashboardSettingsRoutes } from './http/dashboard-settings/routes.ts';
import { dashboardBankingRoutes } from './http/dashboard-banking/routes.ts';
import { fallbackRoutes } from './http/fallback/routes.ts';

export type { HttpMethod, RouteAuth, RouteRow } from '../shared/http/route.ts';

export const routes = [
  ...Object.values(indexRoutes),
  ...Object.values(webhooksRoutes),
  ...Object.values(oauthRoutes),
  ...Object.values(dashboardRoutes),
  ...Object.values(dashboardSettingsRoutes),
  ...Object.values(dashboardBankingRoutes),
  ...Object.values(apiKeysRoutes),
  ...Object.values(webhookEndpointsRoutes),
  ...Object.values(customersRoutes),
  ...Object.values(vendorsRoutes),
  ...Object.values(itemsRoutes),
  ...Object.values(bankAccountsRoutes),
  ...Object.values(publicInvoicesRoutes),
  ...Object.values(payoutRailsRoutes),
  ...Object.values(railsRoutes),
  ...Object.values(invoicesRoutes),
  ...Object.values(billsRoutes),
  ...Object.values(estimatesRoutes),
  ...Object.values(salesOrdersRoutes),
  ...Object.values(purchaseOrdersRoutes),
  ...Object.values(creditNotesRoutes),
  ...Object.values(creditAllocationsRoutes),
  ...Object.values(debitNotesRoutes),
  ...Object.values(cashSalesRoutes),
  ...Object.values(expensesRoutes),
  ...Object.values(receiptsRoutes),
  ...Object.values(paymentsRoutes),
  ...Object.values(ledgerRoutes),
  ...Object.values(exchangeRatesRoutes),
  ...Object.values(journalsRoutes),
  ...Object.values(businessRoutes),
  ...Object.values(membersRoutes),
  ...Object.values(invitationsRoutes),
  ...Object.values(recurringInvoicesRoutes),
  ...Object.values(remindersRoutes),
  ...Object.values(eventsRoutes),
  ...Object.values(fallbackRoutes),
] as const satisfies readonly RouteRow[];

export type Route = (typeof routes)[number];

/** The rows CDK deploys: every row but the local runtime's own (`localOnly`). */
export const deployedRoutes: readonly RouteRow[] = routes.filter((route: RouteRow) => !route.localOnly);
export type RouteId = Route['id'];
