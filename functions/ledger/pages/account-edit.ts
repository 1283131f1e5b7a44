import { accountRecordPages } from './account-records.ts';
import { editRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = editRecordHandler(ledgerPageRoutes.accountEdit, accountRecordPages);
