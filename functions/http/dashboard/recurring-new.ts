import { RECURRING_EDITOR } from '../../../shared/dashboard/document-editor.ts';
import { editorFormHandler } from './editor-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editorFormHandler(dashboardRoutes.recurringNew, RECURRING_EDITOR);
