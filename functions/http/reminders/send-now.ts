import { defineHandler } from '../../../shared/http/define-handler.ts';
import { today } from '../../../shared/domain/dates.ts';
import { created } from '../../../shared/http/responses.ts';
import { sendReminderNow } from '../../../shared/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.sendNow, async ({ businessId, id }) => created('Reminder sent', await sendReminderNow(businessId, id, today())));
