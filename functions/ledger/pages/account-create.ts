import { accountRecordPages } from './account-records.ts';
import { saveRecordHandler } from '../../../shared/access/index.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = saveRecordHandler(ledgerPageRoutes.accountCreate, accountRecordPages, 'create');
