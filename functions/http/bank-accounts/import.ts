import { MAX_LINES_PER_CALL } from '../../../shared/banking/lines.ts';
import { receiveLines } from '../../../shared/banking/intake.ts';
import { readStatement } from '../../../shared/banking/statement-import.ts';
import { RuleViolation } from '../../../shared/domain/errors.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { bankAccountsRoutes } from './routes.ts';
import { created, ok } from '../../../shared/http/responses.ts';

export const handler = defineHandler(bankAccountsRoutes.bankImportsCreate, async ({ businessId, id, body }) => {
  const statement = body.format === 'csv' ? readStatement({ ...body, format: 'csv', mapping: body.mapping! }) : readStatement({ format: 'ofx', content: body.content });
  if (statement.lines.length > MAX_LINES_PER_CALL) throw RuleViolation.of('content', `holds ${statement.lines.length} lines; import at most ${MAX_LINES_PER_CALL} at a time`);
  const stated = body.closing_balance !== undefined && body.closing_date !== undefined ? { date: body.closing_date, balance: body.closing_balance } : statement.closing;
  const result = await receiveLines(businessId, id, statement.lines, 'import', stated);
  return result.added.length > 0 ? created('Statement imported', result) : ok('Every line was already recorded', result);
});
