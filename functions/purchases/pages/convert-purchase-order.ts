import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { convertHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = convertHandler(purchasesPageRoutes.convertPurchaseOrder, DOCUMENT_PAGES.purchase_order);
