import { EDITORS } from '../../../shared/sales/pages/document-editor-rules.ts';
import { editorPostHandler } from '../../../shared/sales/pages/editor-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = editorPostHandler(salesPageRoutes.salesOrderCreate, EDITORS.sales_order);
