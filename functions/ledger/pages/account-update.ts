import { accountRecordPages } from './account-records.ts';
import { saveRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = saveRecordHandler(ledgerPageRoutes.accountUpdate, accountRecordPages, 'edit');
