import { itemRecordPages } from './item-records.ts';
import { newRecordHandler } from '../../../shared/access/index.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = newRecordHandler(itemsPageRoutes.itemNew, itemRecordPages);
