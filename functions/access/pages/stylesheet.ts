import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { STYLESHEET } from '../../../shared/platform/web/stylesheet.ts';
import { dashboardShellRoutes } from './routes.ts';

/** The one stylesheet of every page, so that no page needs inline styles (and the CSP allows none). */
export const handler = definePageHandler(dashboardShellRoutes.stylesheet, async () => ({
  statusCode: 200,
  headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' },
  body: STYLESHEET,
}));
