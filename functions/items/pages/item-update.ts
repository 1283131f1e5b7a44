import { itemRecordPages } from './item-records.ts';
import { saveRecordHandler } from '../../../shared/access/index.ts';
import { itemsPageRoutes } from './routes.ts';

export const handler = saveRecordHandler(itemsPageRoutes.itemUpdate, itemRecordPages, 'edit');
