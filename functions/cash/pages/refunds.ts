import { refundListHandler } from './money-record-pages.ts';
import { cashPageRoutes } from './routes.ts';

export const handler = refundListHandler(cashPageRoutes.refunds, 'refund');
