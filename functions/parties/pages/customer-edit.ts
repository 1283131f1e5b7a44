import { SIDES } from '../../../shared/sales/index.ts';
import { partyRecordPages } from './party-records.ts';
import { editRecordHandler } from '../../../shared/access/index.ts';
import { partiesPageRoutes } from './routes.ts';

export const handler = editRecordHandler(partiesPageRoutes.customerEdit, partyRecordPages(SIDES.invoice));
