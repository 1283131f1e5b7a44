import { DOCUMENT_PAGES } from '../../../shared/sales/pages/sales-documents-rules.ts';
import { voidSalesDocumentHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(purchasesPageRoutes.voidVendorCredit, DOCUMENT_PAGES.vendor_credit);
