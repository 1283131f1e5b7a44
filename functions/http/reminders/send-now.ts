import { ScopeRequired } from '../../../shared/domain/errors.ts';
import { defineHandler } from '../../../shared/http/define-handler.ts';
import { today } from '../../../shared/domain/dates.ts';
import { created } from '../../../shared/http/responses.ts';
import { sendReminderNow } from '../../../shared/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.sendNow, async ({ businessId, id, credential }) => {
  // The answer carries the customer (e-mail, phone, address, tax number): only for a credential that may read it.
  if (!credential.scopes.has('sales_customers:read')) throw new ScopeRequired('sales_customers:read');
  return created('Reminder sent', await sendReminderNow(businessId, id, today()));
});
