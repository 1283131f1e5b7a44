import { createTransfer } from '../../../shared/banking/transfers.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { idempotencyKeyOf } from '../../../shared/http/idempotency.ts';
import { created } from '../../../shared/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankTransfersCreate, async ({ businessId, body, event }) => created('Transfer posted', (await createTransfer(businessId, body, idempotencyKeyOf(event, 'bankTransfers.create'))).result));
