import { amountOf } from '../../../shared/dashboard/money-form.ts';
import { remindersPage } from '../../../shared/dashboard/views/settings.tsx';
import { ReminderPolicyInput } from '../../../shared/reminders/schemas.ts';
import { getReminderPolicy, putReminderPolicy } from '../../../shared/reminders/reminders.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { redirect } from '../../../shared/http/web.ts';
import { fieldOf } from './forms.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { postedForm } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.saveReminders, ({ viewer, form }) =>
  postedForm(
    form,
    async () => {
      const days = (fieldOf(form, 'days_after_due') ?? '').split(/[\s,]+/).filter(Boolean).map(amountOf);
      await putReminderPolicy(viewer.business.id, parseInput(ReminderPolicyInput, { enabled: form.enabled?.[0] === 'true', days_after_due: days }, 'form'));
      return redirect('/dashboard/settings/reminders?notice=reminders_saved');
    },
    async (entry) => remindersPage({ viewer, policy: await getReminderPolicy(viewer.business.id), entry }),
  ),
);
