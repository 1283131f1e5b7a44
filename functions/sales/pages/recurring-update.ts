import { recurringUpdateHandler } from './recurring-editor.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = recurringUpdateHandler(salesPageRoutes.recurringUpdate);
