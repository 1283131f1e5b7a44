import { EndpointPatch, updateEndpoint } from '../../../shared/webhooks/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { endpointBodyOf } from './forms.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { drawEndpoint, FIRST_PAGE, postedForm } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.updateEndpoint, ({ viewer, form, id }) =>
  postedForm(
    form,
    async () => {
      // An unticked box sends nothing: the form always says whether the endpoint is enabled, and clears a blank description.
      const body = { description: null, ...endpointBodyOf(form), enabled: form.enabled?.[0] === 'true' };
      await updateEndpoint(viewer.business.id, id, parseInput(EndpointPatch, body, 'form'), viewer.scopes);
      return redirect(`/dashboard/settings/webhooks/${id}?notice=endpoint_updated`);
    },
    (entry) => drawEndpoint(viewer, id, FIRST_PAGE, { entry }),
  ),
);
