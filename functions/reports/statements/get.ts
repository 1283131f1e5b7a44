import { defineHandler } from '../../../shared/access/index.ts';
import { ok, pdf } from '../../../shared/platform/http/responses.ts';
import { customerStatement, customerStatementPdf } from '../../../shared/reports/customer-statement.ts';
import { needsInvoices } from './needs-invoices.ts';
import { statementPeriod } from '../../../shared/reports/statement-period.ts';
import { statementsRoutes } from './routes.ts';

export const handler = defineHandler(statementsRoutes.get, async ({ businessId, credential, id, query }) => {
  needsInvoices(credential);
  const period = statementPeriod(query);
  return query.format === 'pdf' ? pdf('A customer statement as a PDF', await customerStatementPdf(businessId, id, period)) : ok('Customer statement', await customerStatement(businessId, id, period));
});
