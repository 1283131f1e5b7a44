import { secretShownPage } from '../../../shared/access/pages/settings.tsx';
import { RailCreate, createRail } from '../../../shared/banking/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { fieldOf } from './forms.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { drawPayoutRails, FIRST_PAGE, postedForm } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.createPayoutRail, ({ viewer, form }) =>
  postedForm(
    form,
    async () => {
      const rail = await createRail(viewer.business.id, parseInput(RailCreate, { name: fieldOf(form, 'name') ?? '', payment_account_id: fieldOf(form, 'payment_account_id') ?? '' }, 'form'));
      return html(201, secretShownPage({ viewer, title: 'Payout rail created', what: 'rail secret', secret: rail.secret, back: '/dashboard/settings/payout-rails' }));
    },
    (entry) => drawPayoutRails(viewer, FIRST_PAGE, { entry }),
  ),
);
