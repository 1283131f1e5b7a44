/**
 * The web function: every dashboard page (and its stylesheet) in one Lambda behind greedy routes
 * (`PAGE_FUNCTION_PATHS.web`), instead of a function per page. Each page's module is loaded on its first request,
 * so a cold start evaluates that page's code alone (a PDF's renderer, an import's parsers only when asked for).
 */
import { config } from '../../../shared/platform/config.ts';
import { deploymentOf } from '../../../shared/platform/http/deployment.ts';
import { pageFunction, type PageModuleLoader } from '../../../shared/platform/http/page-function.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { dashboardBankingRoutes } from '../../banking/pages/routes.ts';
import { dashboardSettingsRoutes } from '../../access/pages/routes.ts';
import { dashboardRoutes } from '../../dashboard/routes.ts';

const rows: readonly RouteRow[] = [...Object.values(dashboardRoutes), ...Object.values(dashboardSettingsRoutes), ...Object.values(dashboardBankingRoutes)].filter(
  (row: RouteRow) => deploymentOf(row) === 'web' && (!row.localOnly || config().SERVICE_STAGE === 'local'),
);

const PAGE_MODULE = /^functions\/(dashboard|access\/pages|banking\/pages)\/([\w-]+)\.ts$/;

// Each folder's import is written out, so the bundler finds every page module (and defers each one's evaluation).
const load: PageModuleLoader = (entry) => {
  const [, folder, name] = PAGE_MODULE.exec(entry) ?? [];
  if (folder === 'dashboard') return import(`../../dashboard/${name}.ts`);
  if (folder === 'access/pages') return import(`../../access/pages/${name}.ts`);
  if (folder === 'banking/pages') return import(`../../banking/pages/${name}.ts`);
  throw new Error(`No page module at ${entry}`);
};

export const handler = pageFunction(rows, load);
