import { voidTransfer } from '../../../shared/banking/transfers.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankTransfersVoid, async ({ businessId, id, body }) => ok('Transfer voided', await voidTransfer(businessId, id, body)));
