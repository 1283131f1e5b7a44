import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorCreditsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorCreditsRoutes.void, async ({ businessId, credential, id, body }) => ok('Vendor credit voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'vendor_credit', id }, body, (input) => voidDocument('vendor_credit', businessId, id, input))));
