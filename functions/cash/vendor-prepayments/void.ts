import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.void, async ({ businessId, id, body }) => ok('Vendor prepayment voided', await voidDocument('vendor_prepayment', businessId, id, body)));
