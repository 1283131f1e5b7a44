import { SIDES } from '../../../shared/sales/pages/sides.ts';
import { partyRecordPages } from './party-records.ts';
import { editRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = editRecordHandler(partiesPageRoutes.vendorEdit, partyRecordPages(SIDES.bill));
