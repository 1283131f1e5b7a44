import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { putReminderPolicy } from '../../../shared/sales/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.policyPut, async ({ businessId, body }) => ok('Reminder policy saved', await putReminderPolicy(businessId, body)));
