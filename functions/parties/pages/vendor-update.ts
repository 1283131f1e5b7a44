import { SIDES } from '../../../shared/sales/index.ts';
import { partyRecordPages } from './party-records.ts';
import { saveRecordHandler } from '../../../shared/access/index.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = saveRecordHandler(partiesPageRoutes.vendorUpdate, partyRecordPages(SIDES.bill), 'edit');
