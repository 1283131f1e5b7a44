import { recurringUpdateHandler } from './recurring-editor.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = recurringUpdateHandler(dashboardRoutes.recurringUpdate);
