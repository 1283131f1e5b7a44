import { listRails } from '../../../shared/banking/rails.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { pageRequestOf } from '../../../shared/http/fields.ts';
import { ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler('payoutRails.list', async ({ businessId, query }) => ok('Payout rails', await listRails(businessId, pageRequestOf(query))));
