import { bankAccountPages } from './account-records.ts';
import { saveRecordHandler } from '../../../shared/access/index.ts';
import { dashboardBankingRoutes } from './routes.ts';

export const handler = saveRecordHandler(dashboardBankingRoutes.accountCreate, bankAccountPages, 'create');
