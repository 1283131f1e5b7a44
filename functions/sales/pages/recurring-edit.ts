import { recurringEditHandler } from './recurring-editor.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = recurringEditHandler(salesPageRoutes.recurringEdit);
