import { EDITORS } from '../../../shared/sales/pages/document-editor-rules.ts';
import { editorFormHandler } from '../../../shared/sales/pages/editor-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = editorFormHandler(salesPageRoutes.salesOrderNew, EDITORS.sales_order);
