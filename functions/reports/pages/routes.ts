import { defineRoutes } from '../../../shared/platform/http/route.ts';

const page = (entry: string) => `functions/reports/pages/${entry}.ts`;

/** The reports domain's dashboard pages and form actions; each row's `scope` is what the signed-in user's role must grant. */
export const reportsPageRoutes = defineRoutes({
  overview: { id: 'dashboard.overview', method: 'GET', path: '/dashboard', entry: page('overview'), auth: 'browser', scope: 'sales_invoices:read' },
  reports: { id: 'dashboard.reports', method: 'GET', path: '/dashboard/reports', entry: page('reports'), auth: 'browser', scope: 'finance_ledger:read' },
  reportProfitAndLoss: { id: 'dashboard.reportProfitAndLoss', method: 'GET', path: '/dashboard/reports/profit-and-loss', entry: page('report-profit-and-loss'), auth: 'browser', scope: 'finance_ledger:read' },
  reportBalanceSheet: { id: 'dashboard.reportBalanceSheet', method: 'GET', path: '/dashboard/reports/balance-sheet', entry: page('report-balance-sheet'), auth: 'browser', scope: 'finance_ledger:read' },
  reportTrialBalance: { id: 'dashboard.reportTrialBalance', method: 'GET', path: '/dashboard/reports/trial-balance', entry: page('report-trial-balance'), auth: 'browser', scope: 'finance_ledger:read' },
  reportAgedReceivables: { id: 'dashboard.reportAgedReceivables', method: 'GET', path: '/dashboard/reports/aged-receivables', entry: page('report-aged-receivables'), auth: 'browser', scope: 'finance_ledger:read' },
  customerStatement: { id: 'dashboard.customerStatement', method: 'GET', path: '/dashboard/customers/{id}/statement', entry: page('customer-statement'), auth: 'browser', scope: 'sales_invoices:read' },
  customerStatementPdf: { id: 'dashboard.customerStatementPdf', method: 'GET', path: '/dashboard/customers/{id}/statement/pdf', entry: page('customer-statement-pdf'), auth: 'browser', scope: 'sales_invoices:read', needs: { pdfFonts: true } },
  customerStatementSend: { id: 'dashboard.customerStatementSend', method: 'POST', path: '/dashboard/customers/{id}/statement/send', entry: page('customer-statement-send'), auth: 'browser', scope: 'sales_customers:update' },
  reportGeneralLedger: { id: 'dashboard.reportGeneralLedger', method: 'GET', path: '/dashboard/reports/general-ledger', entry: page('report-general-ledger'), auth: 'browser', scope: 'finance_ledger:read' },
  reportTaxSummary: { id: 'dashboard.reportTaxSummary', method: 'GET', path: '/dashboard/reports/tax-summary', entry: page('report-tax-summary'), auth: 'browser', scope: 'finance_ledger:read' },
  reportAgedPayables: { id: 'dashboard.reportAgedPayables', method: 'GET', path: '/dashboard/reports/aged-payables', entry: page('report-aged-payables'), auth: 'browser', scope: 'finance_ledger:read' },
});
