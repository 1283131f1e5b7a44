import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { prepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(prepaymentsRoutes.void, async ({ businessId, id, body }) => ok('Prepayment voided', await voidDocument('prepayment', businessId, id, body)));
