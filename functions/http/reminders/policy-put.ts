import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { putReminderPolicy } from '../../../shared/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.policyPut, async ({ businessId, body }) => ok('Reminder policy saved', await putReminderPolicy(businessId, body)));
