import { defineDashboardPage, filledQueryOf } from '../../../shared/access/index.ts';
import { newId, type Id } from '../../../shared/platform/core/ids.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { StatementQuery } from '../../../shared/reports/statement-schemas.ts';
import { statementPageOf } from './statement-page.ts';
import { reportsPageRoutes } from './routes.ts';

/** A customer's statement: the API's query and report, drawn with its PDF and a form that sends it. */
export const handler = defineDashboardPage(reportsPageRoutes.customerStatement, async ({ viewer, id, event }) => {
  const query = parseInput(StatementQuery, filledQueryOf(event), 'query');
  return html(200, await statementPageOf(viewer, id as Id, query, { sendKey: newId(), notice: event.queryStringParameters?.notice }));
});
