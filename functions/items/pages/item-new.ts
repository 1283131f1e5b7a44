import { itemRecordPages } from './item-records.ts';
import { newRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = newRecordHandler(itemsPageRoutes.itemNew, itemRecordPages);
