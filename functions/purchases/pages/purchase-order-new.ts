import { EDITORS } from '../../../shared/sales/pages/document-editor-rules.ts';
import { editorFormHandler } from '../../../shared/sales/pages/editor-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = editorFormHandler(purchasesPageRoutes.purchaseOrderNew, EDITORS.purchase_order);
