/**
 * The web function: every dashboard page (and its stylesheet) in one Lambda behind greedy routes
 * (`PAGE_FUNCTION_PATHS.web`), instead of a function per page. Each page's module is loaded on its first request,
 * so a cold start evaluates that page's code alone (a PDF's renderer, an import's parsers only when asked for).
 */
import { config } from '../../../shared/platform/config.ts';
import { deploymentOf } from '../../../shared/platform/http/deployment.ts';
import { pageFunction, type PageModuleLoader } from '../../../shared/platform/http/page-function.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { pageRoutes } from '../../page-routes.ts';

const rows: readonly RouteRow[] = pageRoutes.filter((row: RouteRow) => deploymentOf(row) === 'web' && (!row.localOnly || config().SERVICE_STAGE === 'local'));

const PAGE_MODULE = /^functions\/(\w+)\/pages\/([\w-]+)\.ts$/;

// Each folder's import is written out, so the bundler finds every page module (and defers each one's evaluation).
const load: PageModuleLoader = (entry) => {
  const [, domain, name] = PAGE_MODULE.exec(entry) ?? [];
  switch (domain) {
    case 'access':
      return import(`../../access/pages/${name}.ts`);
    case 'sales':
      return import(`../../sales/pages/${name}.ts`);
    case 'purchases':
      return import(`../../purchases/pages/${name}.ts`);
    case 'cash':
      return import(`../../cash/pages/${name}.ts`);
    case 'parties':
      return import(`../../parties/pages/${name}.ts`);
    case 'items':
      return import(`../../items/pages/${name}.ts`);
    case 'ledger':
      return import(`../../ledger/pages/${name}.ts`);
    case 'reports':
      return import(`../../reports/pages/${name}.ts`);
    case 'banking':
      return import(`../../banking/pages/${name}.ts`);
    case 'audit':
      return import(`../../audit/pages/${name}.ts`);
    case 'attachments':
      return import(`../../attachments/pages/${name}.ts`);
    default:
      throw new Error(`No page module at ${entry}`);
  }
};

export const handler = pageFunction(rows, load);
