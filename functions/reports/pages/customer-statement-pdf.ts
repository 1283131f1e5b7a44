import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { pdfAttachment } from '../../../shared/platform/http/web.ts';
import { customerStatementPdf } from '../../../shared/reports/customer-statement.ts';
import { StatementQuery } from '../../../shared/reports/statement-schemas.ts';
import { statementPeriod } from '../../../shared/reports/statement-period.ts';
import { reportsPageRoutes } from './routes.ts';

/** The statement as the customer gets it, through the API's own PDF producer. */
export const handler = defineDashboardPage(reportsPageRoutes.customerStatementPdf, async ({ viewer, id, event }) => {
  const query = parseInput(StatementQuery, filledQueryOf(event), 'query');
  return pdfAttachment(await customerStatementPdf(viewer.business.id, id as Id, statementPeriod(query)));
});
