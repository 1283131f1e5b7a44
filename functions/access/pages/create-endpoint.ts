import { secretShownPage } from '../../../shared/access/pages/settings.tsx';
import { EndpointCreate, createEndpoint } from '../../../shared/webhooks/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { endpointBodyOf } from './forms.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { drawWebhooks, FIRST_PAGE, postedForm } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.createEndpoint, ({ viewer, form }) =>
  postedForm(
    form,
    async () => {
      const created = await createEndpoint(viewer.business.id, parseInput(EndpointCreate, endpointBodyOf(form), 'form'), viewer.scopes);
      return html(201, secretShownPage({ viewer, title: 'Endpoint created', what: 'signing secret', secret: created.secret, back: `/dashboard/settings/webhooks/${created.id}` }));
    },
    (entry) => drawWebhooks(viewer, FIRST_PAGE, { entry }),
  ),
);
