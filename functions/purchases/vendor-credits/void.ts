import { voidDocument } from '../../../shared/ledger/documents/documents.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.void, async ({ businessId, id, body }) => ok('Vendor credit voided', await voidDocument('vendor_credit', businessId, id, body)));
