import { voidRefund } from '../../../shared/cash/refunds.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { refundsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(refundsRoutes.void, async ({ businessId, credential, id, body }) => ok('Refund voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'refund', id }, body, (input) => voidRefund('refund', businessId, id, input))));
