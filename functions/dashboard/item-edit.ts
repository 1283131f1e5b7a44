import { itemRecordPages } from './records.ts';
import { editRecordHandler } from './record-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = editRecordHandler(dashboardRoutes.itemEdit, itemRecordPages);
