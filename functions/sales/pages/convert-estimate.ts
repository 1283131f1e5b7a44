import { convertEstimateHandler } from './sales-document-pages.ts';
import { salesPageRoutes } from './routes.ts';

export const handler = convertEstimateHandler(salesPageRoutes.convertEstimate);
