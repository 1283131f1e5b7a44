import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorPrepaymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorPrepaymentsRoutes.void, async ({ businessId, credential, id, body }) => ok('Vendor prepayment voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'vendor_prepayment', id }, body, (input) => voidDocument('vendor_prepayment', businessId, id, input))));
