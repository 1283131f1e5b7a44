import { accountRecordPages } from './records.ts';
import { saveRecordHandler } from './record-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = saveRecordHandler(dashboardRoutes.accountCreate, accountRecordPages, 'create');
