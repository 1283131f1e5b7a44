import { voidDocument } from '../../../shared/documents/index.ts';
import { voidWithFiles } from '../../../shared/attachments/index.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { cashSalesRoutes } from './routes.ts';
import { ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(cashSalesRoutes.void, async ({ businessId, credential, id, body }) => ok('Cash sale voided', await voidWithFiles({ businessId, scopes: credential.scopes, type: 'cash_sale', id }, body, (input) => voidDocument('cash_sale', businessId, id, input))));
