import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { receiptsRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { voidMoney } from '../../../shared/cash/cash.ts';

export const handler = defineHandler(receiptsRoutes.void, async ({ businessId, credential, id, body }) => ok('Receipt voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'receipt', id }, body, (input) => voidMoney('receipt', businessId, id, input))));
