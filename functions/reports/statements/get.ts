import { defineHandler } from '../../../shared/access/http/define-handler.ts';
import { RuleViolation, ScopeRequired } from '../../../shared/platform/core/errors.ts';
import { ok, pdf } from '../../../shared/platform/http/responses.ts';
import { customerStatement, customerStatementPdf } from '../../../shared/reports/customer-statement.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { statementsRoutes } from './routes.ts';

/** Without `from`, the statement covers the month holding `to` (default today), as Xero's activity statement does. */
export const handler = defineHandler(statementsRoutes.get, async ({ businessId, credential, id, query }) => {
  // A statement lists the customer's invoices, so it needs their scope as well as the customer's.
  if (!credential.scopes.has('sales_invoices:read')) throw new ScopeRequired('sales_invoices:read');
  const to = query.to ?? today();
  const period = { from: query.from ?? `${to.slice(0, 8)}01`, to };
  if (period.from > period.to) throw new RuleViolation([{ field: 'from', message: 'must not be after to' }]);
  return query.format === 'pdf' ? pdf('A customer statement as a PDF', await customerStatementPdf(businessId, id, period)) : ok('Customer statement', await customerStatement(businessId, id, period));
});
