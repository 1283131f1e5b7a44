import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { estimatesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(estimatesRoutes.void, async ({ businessId, id, body }) => ok('Estimate voided', await voidDocument('estimate', businessId, id, body)));
