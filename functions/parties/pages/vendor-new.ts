import { SIDES } from '../../../shared/sales/index.ts';
import { partyRecordPages } from './party-records.ts';
import { newRecordHandler } from '../../../shared/access/index.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = newRecordHandler(partiesPageRoutes.vendorNew, partyRecordPages(SIDES.bill));
