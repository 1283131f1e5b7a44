import { createTransfer } from '../../../shared/banking/transfers.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { bankAccountsRoutes } from './routes.ts';

export const handler = defineHandler(bankAccountsRoutes.bankTransfersCreate, async ({ businessId, body, event }) => created('Transfer posted', (await createTransfer(businessId, body, idempotencyKeyOf(event, 'bankTransfers.create'))).result));
