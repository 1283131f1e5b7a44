import { SIDES } from '../../shared/sales/pages/sides.ts';
import { partyRecordPages } from './records.ts';
import { newRecordHandler } from './record-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = newRecordHandler(dashboardRoutes.customerNew, partyRecordPages(SIDES.invoice));
