import { RECURRING_EDITOR } from '../../shared/sales/pages/document-editor-rules.ts';
import { editorFormHandler } from './editor-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editorFormHandler(dashboardRoutes.recurringNew, RECURRING_EDITOR);
