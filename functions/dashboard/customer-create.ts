import { SIDES } from '../../shared/sales/pages/sides.ts';
import { partyRecordPages } from './records.ts';
import { saveRecordHandler } from './record-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = saveRecordHandler(dashboardRoutes.customerCreate, partyRecordPages(SIDES.invoice), 'create');
