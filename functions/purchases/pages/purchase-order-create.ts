import { EDITORS } from '../../../shared/sales/pages/document-editor-rules.ts';
import { editorPostHandler } from '../../../shared/sales/pages/editor-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = editorPostHandler(purchasesPageRoutes.purchaseOrderCreate, EDITORS.purchase_order);
