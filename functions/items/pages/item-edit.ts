import { itemRecordPages } from './item-records.ts';
import { editRecordHandler } from '../../../shared/access/index.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = editRecordHandler(itemsPageRoutes.itemEdit, itemRecordPages);
