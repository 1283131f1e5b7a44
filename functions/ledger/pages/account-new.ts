import { accountRecordPages } from './account-records.ts';
import { newRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { ledgerPageRoutes } from './routes.ts';

export const handler = newRecordHandler(ledgerPageRoutes.accountNew, accountRecordPages);
