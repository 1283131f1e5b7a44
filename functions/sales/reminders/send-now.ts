import { ScopeRequired } from '../../../shared/platform/core/errors.ts';
import { defineHandler } from '../../../shared/access/index.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { created } from '../../../shared/platform/http/responses.ts';
import { sendReminderNow } from '../../../shared/sales/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.sendNow, async ({ businessId, id, credential }) => {
  // The answer carries the customer (e-mail, phone, address, tax number): only for a credential that may read it.
  if (!credential.scopes.has('sales_customers:read')) throw new ScopeRequired('sales_customers:read');
  return created('Reminder sent', await sendReminderNow(businessId, id, today()));
});
