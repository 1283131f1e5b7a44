import { itemRecordPages } from './item-records.ts';
import { editRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = editRecordHandler(itemsPageRoutes.itemEdit, itemRecordPages);
