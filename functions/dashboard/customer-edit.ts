import { SIDES } from '../../shared/sales/pages/sides.ts';
import { partyRecordPages } from './records.ts';
import { editRecordHandler } from './record-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editRecordHandler(dashboardRoutes.customerEdit, partyRecordPages(SIDES.invoice));
