import { amountOf } from '../../../shared/cash/index.ts';
import { remindersPage } from '../../../shared/access/pages/settings.tsx';
import { ReminderPolicyInput, getReminderPolicy, putReminderPolicy } from '../../../shared/sales/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { fieldOf } from './forms.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
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
