import { bankAccountPages } from './account-records.ts';
import { newRecordHandler } from '../../../shared/access/index.ts';
import { dashboardBankingRoutes } from './routes.ts';

export const handler = newRecordHandler(dashboardBankingRoutes.accountNew, bankAccountPages);
