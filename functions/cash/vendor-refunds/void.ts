import { voidRefund } from '../../../shared/cash/refunds.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { vendorRefundsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(vendorRefundsRoutes.void, async ({ businessId, credential, id, body }) => ok('Vendor refund voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'vendor_refund', id }, body, (input) => voidRefund('vendor_refund', businessId, id, input))));
