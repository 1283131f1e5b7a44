import { EDITORS, editorFormHandler } from '../../../shared/sales/index.ts';
import { purchasesPageRoutes } from './routes.ts';

export const handler = editorFormHandler(purchasesPageRoutes.billNew, EDITORS.bill);
