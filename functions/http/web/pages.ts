/**
 * The web function: every dashboard page (and its stylesheet) in one Lambda behind greedy routes
 * (`PAGE_FUNCTION_PATHS.web`), instead of a function per page. Each page's module is loaded on its first request,
 * so a cold start evaluates that page's code alone (a PDF's renderer, an import's parsers only when asked for).
 */
import { config } from '../../../shared/config.ts';
import { deploymentOf } from '../../../shared/http/deployment.ts';
import { pageFunction, type PageModuleLoader } from '../../../shared/http/page-function.ts';
import type { RouteRow } from '../../../shared/http/route.ts';
import { dashboardBankingRoutes } from '../dashboard-banking/routes.ts';
import { dashboardSettingsRoutes } from '../dashboard-settings/routes.ts';
import { dashboardRoutes } from '../dashboard/routes.ts';

const rows: readonly RouteRow[] = [...Object.values(dashboardRoutes), ...Object.values(dashboardSettingsRoutes), ...Object.values(dashboardBankingRoutes)].filter(
  (row: RouteRow) => deploymentOf(row) === 'web' && (!row.localOnly || config().SERVICE_STAGE === 'local'),
);

const PAGE_MODULE = /^functions\/http\/(dashboard|dashboard-settings|dashboard-banking)\/([\w-]+)\.ts$/;

// Each folder's import is written out, so the bundler finds every page module (and defers each one's evaluation).
const load: PageModuleLoader = (entry) => {
  const [, folder, name] = PAGE_MODULE.exec(entry) ?? [];
  if (folder === 'dashboard') return import(`../dashboard/${name}.ts`);
  if (folder === 'dashboard-settings') return import(`../dashboard-settings/${name}.ts`);
  if (folder === 'dashboard-banking') return import(`../dashboard-banking/${name}.ts`);
  throw new Error(`No page module at ${entry}`);
};

export const handler = pageFunction(rows, load);
