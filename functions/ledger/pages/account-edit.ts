import { accountRecordPages } from './account-records.ts';
import { editRecordHandler } from '../../../shared/access/index.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = editRecordHandler(ledgerPageRoutes.accountEdit, accountRecordPages);
