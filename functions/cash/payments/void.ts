import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { paymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(paymentsRoutes.void, async ({ businessId, credential, id, body }) => ok('Payment voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'payment', id }, body, (input) => voidMoney('payment', businessId, id, input))));
