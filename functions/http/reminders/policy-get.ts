import { defineHandler } from '../../../shared/http/define-handler.ts';
import { ok } from '../../../shared/http/responses.ts';
import { getReminderPolicy } from '../../../shared/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.policyGet, async ({ businessId }) => ok('Reminder policy', await getReminderPolicy(businessId)));
