import { listDocuments } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { estimatesRoutes } from './routes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.list, async ({ businessId, query }) => ok('Estimates', await listDocuments('estimate', businessId, query, pageRequestOf(query))));
