import { EDITORS } from '../../shared/sales/pages/document-editor-rules.ts';
import { editorPostHandler } from './editor-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editorPostHandler(dashboardRoutes.creditNoteCreate, EDITORS.credit_note);
