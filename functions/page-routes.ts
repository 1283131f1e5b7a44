import type { RouteRow } from '../shared/platform/http/route.ts';
import { dashboardSettingsRoutes, dashboardShellRoutes } from './access/pages/routes.ts';
import { auditPageRoutes } from './audit/pages/routes.ts';
import { attachmentsPageRoutes } from './attachments/pages/routes.ts';
import { dashboardBankingRoutes } from './banking/pages/routes.ts';
import { cashPageRoutes } from './cash/pages/routes.ts';
import { itemsPageRoutes } from './items/pages/routes.ts';
import { ledgerPageRoutes } from './ledger/pages/routes.ts';
import { partiesPageRoutes } from './parties/pages/routes.ts';
import { purchasesPageRoutes } from './purchases/pages/routes.ts';
import { reportsPageRoutes } from './reports/pages/routes.ts';
import { salesPageRoutes } from './sales/pages/routes.ts';

/** Every domain's dashboard rows, which the one web function serves (`functions/platform/web/pages.ts`). */
export const pageRoutes = [
  ...Object.values(dashboardShellRoutes),
  ...Object.values(salesPageRoutes),
  ...Object.values(purchasesPageRoutes),
  ...Object.values(cashPageRoutes),
  ...Object.values(partiesPageRoutes),
  ...Object.values(itemsPageRoutes),
  ...Object.values(ledgerPageRoutes),
  ...Object.values(reportsPageRoutes),
  ...Object.values(dashboardSettingsRoutes),
  ...Object.values(auditPageRoutes),
  ...Object.values(attachmentsPageRoutes),
  ...Object.values(dashboardBankingRoutes),
] as const satisfies readonly RouteRow[];
