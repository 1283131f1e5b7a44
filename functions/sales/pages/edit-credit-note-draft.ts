import { EDITORS } from '../../../shared/sales/pages/document-editor-rules.ts';
import { draftEditHandler } from '../../../shared/sales/pages/editor-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = draftEditHandler(salesPageRoutes.editCreditNoteDraft, EDITORS.credit_note);
