import { recurringEditHandler } from './recurring-editor.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = recurringEditHandler(dashboardRoutes.recurringEdit);
