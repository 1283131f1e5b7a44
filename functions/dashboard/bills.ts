import { SIDES } from '../../shared/sales/pages/sides.ts';
import { documentListHandler } from './document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = documentListHandler(dashboardRoutes.bills, SIDES.bill);
