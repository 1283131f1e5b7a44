/**
 * Which function serves a row on AWS. API routes keep a Lambda each (the mission's one function per endpoint);
 * every dashboard page is served by one web function behind greedy routes, and the public pages (an invoice's
 * page, an invitation's) by a small function of their own, whose role holds none of the web function's grants.
 * The local runtime serves page rows through the same two functions, so the dispatch is the one that runs there.
 */
import type { RouteRow } from './route.ts';

export type Deployment = 'api' | 'web' | 'public-pages';

/** The greedy API Gateway paths that reach each page function: route keys of their own, never a row's. */
export const PAGE_FUNCTION_PATHS: Readonly<Record<Exclude<Deployment, 'api'>, readonly string[]>> = {
  web: ['/dashboard', '/dashboard/{proxy+}', '/assets/{proxy+}'],
  'public-pages': ['/i/{proxy+}', '/invitations/{proxy+}'],
};

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function deploymentOf(row: Pick<RouteRow, 'path'>): Deployment {
  if (under(row.path, '/dashboard') || under(row.path, '/assets')) return 'web';
  if (under(row.path, '/i') || under(row.path, '/invitations')) return 'public-pages';
  return 'api';
}

/** The module of each page function, relative to the repository root (as a row's `entry`). */
export const PAGE_FUNCTION_ENTRY: Readonly<Record<Exclude<Deployment, 'api'>, string>> = {
  web: 'functions/platform/web/pages.ts',
  'public-pages': 'functions/platform/web/public-pages.ts',
};
