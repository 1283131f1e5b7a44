import { accountRecordPages } from './records.ts';
import { newRecordHandler } from './record-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = newRecordHandler(dashboardRoutes.accountNew, accountRecordPages);
