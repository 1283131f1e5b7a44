/**
 * The public pages' function: an invoice's page and PDF, an invitation's page and form, behind greedy routes
 * (`PAGE_FUNCTION_PATHS['public-pages']`). Its role holds only what those pages need, never the web function's.
 */
import { deploymentOf } from '../../../shared/platform/http/deployment.ts';
import { pageFunction, type PageModuleLoader } from '../../../shared/platform/http/page-function.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { invitationsRoutes } from '../../access/invitations/routes.ts';
import { publicInvoicesRoutes } from '../../sales/public-invoices/routes.ts';

const rows: readonly RouteRow[] = [...Object.values(publicInvoicesRoutes), ...Object.values(invitationsRoutes)].filter((row: RouteRow) => deploymentOf(row) === 'public-pages');

const PAGE_MODULE = /^functions\/(sales\/public-invoices|access\/invitations)\/([\w-]+)\.ts$/;

const load: PageModuleLoader = (entry) => {
  const [, folder, name] = PAGE_MODULE.exec(entry) ?? [];
  if (folder === 'sales/public-invoices') return import(`../../sales/public-invoices/${name}.ts`);
  if (folder === 'access/invitations') return import(`../../access/invitations/${name}.ts`);
  throw new Error(`No page module at ${entry}`);
};

export const handler = pageFunction(rows, load);
