import { SIDES } from '../../shared/sales/pages/sides.ts';
import { documentPageHandler } from './document-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = documentPageHandler(dashboardRoutes.bill, SIDES.bill);
