import { queueImport } from '../../../shared/banking/imports.ts';
import { receiveLines } from '../../../shared/banking/intake.ts';
import { MAX_LINES_PER_CALL } from '../../../shared/banking/lines.ts';
import { readStatement } from '../../../shared/banking/statement-import.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { bankAccountsRoutes } from './routes.ts';
import { accepted, created, ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankImportsCreate, async ({ businessId, id, body }) => {
  const statement = body.format === 'csv' ? readStatement({ ...body, format: 'csv', mapping: body.mapping! }) : readStatement({ format: 'ofx', content: body.content });
  const stated = body.closing_balance !== undefined && body.closing_date !== undefined ? { date: body.closing_date, balance: body.closing_balance } : statement.closing;
  if (statement.lines.length > MAX_LINES_PER_CALL) return accepted('Import queued', await queueImport(businessId, id, statement.lines, stated));
  const { earlier: _earlier, ...result } = await receiveLines(businessId, id, statement.lines, 'import', stated);
  return result.added.length > 0 ? created('Statement imported', result) : ok('Every line was already recorded', result);
});
