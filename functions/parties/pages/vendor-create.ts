import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { partyRecordPages } from './party-records.ts';
import { saveRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = saveRecordHandler(partiesPageRoutes.vendorCreate, partyRecordPages(SIDES.bill), 'create');
