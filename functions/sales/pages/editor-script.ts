import { definePageHandler } from '../../../shared/access/index.ts';
import { EDITOR_SCRIPT } from '../../../shared/sales/pages/editor-script.ts';
import { salesPageRoutes } from './routes.ts';

/** The editor's progressive enhancement: the one script of the dashboard, same-origin (the CSP allows none inline). */
export const handler = definePageHandler(salesPageRoutes.editorScript, async () => ({
  statusCode: 200,
  headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' },
  body: EDITOR_SCRIPT,
}));
