import { DOCUMENT_PAGES, voidSalesDocumentHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = voidSalesDocumentHandler(purchasesPageRoutes.voidVendorCredit, DOCUMENT_PAGES.vendor_credit);
