import { voidWithFiles } from '../../../shared/attachments/void-files.ts';
import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { paymentsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(paymentsRoutes.void, async ({ businessId, credential, id, body }) => ok('Payment voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'payment', id }, body, (input) => voidMoney('payment', businessId, id, input))));
