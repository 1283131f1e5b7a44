import { EDITORS } from '../../shared/sales/pages/document-editor-rules.ts';
import { editorFormHandler } from './editor-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editorFormHandler(dashboardRoutes.billNew, EDITORS.bill);
