import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { invoicesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(invoicesRoutes.list, async ({ businessId, query }) => ok('Invoices', await listDocuments('invoice', businessId, query, pageRequestOf(query))));
