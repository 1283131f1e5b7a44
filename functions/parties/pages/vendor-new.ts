import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { partyRecordPages } from './party-records.ts';
import { newRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = newRecordHandler(partiesPageRoutes.vendorNew, partyRecordPages(SIDES.bill));
