import { convertEstimateHandler } from '../../../shared/sales/pages/sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = convertEstimateHandler(salesPageRoutes.convertEstimate);
