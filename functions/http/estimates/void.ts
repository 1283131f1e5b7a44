import { voidDocument } from '../../../shared/documents/documents.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.void, async ({ businessId, id }) => ok('Estimate voided', await voidDocument('estimate', businessId, id)));
