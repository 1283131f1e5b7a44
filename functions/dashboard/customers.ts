import { SIDES } from '../../shared/sales/pages/sides.ts';
import { partyListHandler } from './party-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = partyListHandler(dashboardRoutes.customers, SIDES.invoice);
