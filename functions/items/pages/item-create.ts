import { itemRecordPages } from './item-records.ts';
import { saveRecordHandler } from '../../../shared/access/http/record-pages.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = saveRecordHandler(itemsPageRoutes.itemCreate, itemRecordPages, 'create');
