import { SIDES } from '../../../shared/sales/index.ts';
import { partyListHandler } from './party-pages.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = partyListHandler(partiesPageRoutes.vendors, SIDES.bill);
