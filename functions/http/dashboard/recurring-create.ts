import { RECURRING_EDITOR } from '../../../shared/dashboard/document-editor.ts';
import { editorPostHandler } from './editor-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editorPostHandler(dashboardRoutes.recurringCreate, RECURRING_EDITOR);
