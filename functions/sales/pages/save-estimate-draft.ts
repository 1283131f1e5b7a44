import { EDITORS } from '../../../shared/sales/pages/document-editor-rules.ts';
import { draftUpdateHandler } from '../../../shared/sales/pages/editor-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = draftUpdateHandler(salesPageRoutes.saveEstimateDraft, EDITORS.estimate);
