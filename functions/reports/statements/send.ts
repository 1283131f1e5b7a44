import { defineHandler } from '../../../shared/access/index.ts';
import { idempotencyKeyOf } from '../../../shared/platform/http/idempotency.ts';
import { accepted } from '../../../shared/platform/http/responses.ts';
import { queueStatementMail } from '../../../shared/reports/statement-mail.ts';
import { needsInvoices } from './needs-invoices.ts';
import { statementPeriod } from '../../../shared/reports/statement-period.ts';
import { statementsRoutes } from './routes.ts';

export const handler = defineHandler(statementsRoutes.send, async ({ businessId, credential, id, body, event }) => {
  needsInvoices(credential);
  return accepted('Statement e-mail queued', await queueStatementMail(businessId, id, statementPeriod(body.period ?? {}, 'period.from'), body, idempotencyKeyOf(event, 'statements.send')));
});
