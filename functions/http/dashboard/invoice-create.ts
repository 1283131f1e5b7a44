import { EDITORS } from '../../../shared/dashboard/document-editor.ts';
import { editorPostHandler } from './editor-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editorPostHandler(dashboardRoutes.invoiceCreate, EDITORS.invoice);
