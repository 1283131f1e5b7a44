/**
 * The route table: the one list of endpoints, assembled from each feature's own rows (`functions/<domain>/<feature>/
 * routes.ts`, where each row keeps its contract). CDK builds one Lambda and one API Gateway route per row, the
 * local runtime serves the same rows, and the OpenAPI description covers them. A handler imports only its own
 * feature's rows, never this table, so its bundle holds no other feature's schemas.
 */
import type { RouteRow } from '../shared/platform/http/route.ts';
import { indexRoutes } from './platform/index/routes.ts';
import { webhooksRoutes } from './webhooks/webhooks/routes.ts';
import { oauthRoutes } from './access/oauth/routes.ts';
import { apiKeysRoutes } from './access/api-keys/routes.ts';
import { webhookEndpointsRoutes } from './webhooks/webhook-endpoints/routes.ts';
import { customersRoutes } from './parties/customers/routes.ts';
import { vendorsRoutes } from './parties/vendors/routes.ts';
import { itemsRoutes } from './items/items/routes.ts';
import { bankAccountsRoutes } from './banking/bank-accounts/routes.ts';
import { publicInvoicesRoutes } from './sales/public-invoices/routes.ts';
import { payoutRailsRoutes } from './banking/payout-rails/routes.ts';
import { railsRoutes } from './banking/rails/routes.ts';
import { invoicesRoutes } from './sales/invoices/routes.ts';
import { recurringInvoicesRoutes } from './sales/recurring-invoices/routes.ts';
import { membersRoutes } from './access/members/routes.ts';
import { invitationsRoutes } from './access/invitations/routes.ts';
import { billsRoutes } from './purchases/bills/routes.ts';
import { estimatesRoutes } from './sales/estimates/routes.ts';
import { salesOrdersRoutes } from './sales/sales-orders/routes.ts';
import { purchaseOrdersRoutes } from './purchases/purchase-orders/routes.ts';
import { creditNotesRoutes } from './sales/credit-notes/routes.ts';
import { creditAllocationsRoutes } from './cash/credit-allocations/routes.ts';
import { debitNotesRoutes } from './sales/debit-notes/routes.ts';
import { cashSalesRoutes } from './sales/cash-sales/routes.ts';
import { expensesRoutes } from './purchases/expenses/routes.ts';
import { vendorCreditsRoutes } from './purchases/vendor-credits/routes.ts';
import { receiptsRoutes } from './cash/receipts/routes.ts';
import { prepaymentsRoutes } from './cash/prepayments/routes.ts';
import { vendorPrepaymentsRoutes } from './cash/vendor-prepayments/routes.ts';
import { refundsRoutes } from './cash/refunds/routes.ts';
import { vendorRefundsRoutes } from './cash/vendor-refunds/routes.ts';
import { paymentsRoutes } from './cash/payments/routes.ts';
import { ledgerRoutes } from './ledger/ledger/routes.ts';
import { exchangeRatesRoutes } from './ledger/exchange-rates/routes.ts';
import { taxRatesRoutes } from './ledger/tax-rates/routes.ts';
import { trackingCategoriesRoutes } from './ledger/tracking-categories/routes.ts';
import { journalsRoutes } from './ledger/journals/routes.ts';
import { businessRoutes } from './access/business/routes.ts';
import { remindersRoutes } from './sales/reminders/routes.ts';
import { eventsRoutes } from './webhooks/events/routes.ts';
import { pageRoutes } from './page-routes.ts';
import { auditLogRoutes } from './audit/audit-log/routes.ts';
import { attachmentsRoutes } from './attachments/attachments/routes.ts';
import { statementsRoutes } from './reports/statements/routes.ts';
import { fallbackRoutes } from './platform/fallback/routes.ts';

export type { HttpMethod, RouteAuth, RouteRow } from '../shared/platform/http/route.ts';

export const routes = [
  ...Object.values(indexRoutes),
  ...Object.values(webhooksRoutes),
  ...Object.values(oauthRoutes),
  ...pageRoutes,
  ...Object.values(apiKeysRoutes),
  ...Object.values(webhookEndpointsRoutes),
  ...Object.values(customersRoutes),
  ...Object.values(statementsRoutes),
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
  ...Object.values(vendorCreditsRoutes),
  ...Object.values(receiptsRoutes),
  ...Object.values(prepaymentsRoutes),
  ...Object.values(vendorPrepaymentsRoutes),
  ...Object.values(refundsRoutes),
  ...Object.values(vendorRefundsRoutes),
  ...Object.values(paymentsRoutes),
  ...Object.values(ledgerRoutes),
  ...Object.values(exchangeRatesRoutes),
  ...Object.values(taxRatesRoutes),
  ...Object.values(trackingCategoriesRoutes),
  ...Object.values(journalsRoutes),
  ...Object.values(businessRoutes),
  ...Object.values(membersRoutes),
  ...Object.values(invitationsRoutes),
  ...Object.values(recurringInvoicesRoutes),
  ...Object.values(remindersRoutes),
  ...Object.values(eventsRoutes),
  ...Object.values(auditLogRoutes),
  ...Object.values(attachmentsRoutes),
  ...Object.values(fallbackRoutes),
] as const satisfies readonly RouteRow[];

export type Route = (typeof routes)[number];

/** The rows CDK deploys: every row but the local runtime's own (`localOnly`). */
export const deployedRoutes: readonly RouteRow[] = routes.filter((route: RouteRow) => !route.localOnly);
export type RouteId = Route['id'];
