import { defineHandler } from '../../../shared/access/index.ts';
import { ok } from '../../../shared/platform/http/responses.ts';
import { getReminderPolicy } from '../../../shared/sales/reminders/reminders.ts';
import { remindersRoutes } from './routes.ts';

export const handler = defineHandler(remindersRoutes.policyGet, async ({ businessId }) => ok('Reminder policy', await getReminderPolicy(businessId)));
