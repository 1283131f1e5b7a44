import { accountRecordPages } from './account-records.ts';
import { newRecordHandler } from '../../../shared/access/index.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = newRecordHandler(ledgerPageRoutes.accountNew, accountRecordPages);
