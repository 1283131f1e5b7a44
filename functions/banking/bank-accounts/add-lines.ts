import { receiveLines } from '../../../shared/banking/intake.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { bankAccountsRoutes } from './routes.ts';
import { created, ok } from '../../../shared/platform/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankLinesCreate, async ({ businessId, id, body }) => {
  const { earlier: _earlier, ...result } = await receiveLines(businessId, id, body.lines, 'api');
  return result.added.length > 0 ? created('Statement lines added', result) : ok('Every line was already recorded', result);
});
