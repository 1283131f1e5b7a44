import { CustomerStatement, StatementQuery } from '../../../shared/reports/statement-schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const statementsRoutes = defineRoutes({
  // Reads the general ledger's projection, so it catches up the reader's own lines first, as the general ledger does.
  get: { id: 'statements.get', method: 'GET', path: '/api/v1/customers/{id}/statement', entry: 'functions/reports/statements/get.ts', auth: 'bearer', scope: 'sales_customers:read', needs: { table: 'readwrite' }, contract: { summary: "A customer's statement of account from one date to another, per currency: the opening balance, each posting to the customer's receivables with the balance after it, the closing balance aged (also needs sales_invoices:read; format=pdf answers it as a PDF)", tag: 'Customers', query: StatementQuery, response: CustomerStatement, alsoProduces: 'application/pdf', otherStatuses: { 404: 'No such customer.', 413: 'The period holds more postings than one statement lists (1,000): choose a later from.' } } },
});
