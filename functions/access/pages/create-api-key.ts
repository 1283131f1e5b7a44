import { secretShownPage } from '../../../shared/access/pages/settings.tsx';
import { ApiKeyCreate } from '../../../shared/access/keys/schemas.ts';
import { createApiKey } from '../../../shared/access/keys/manage.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { fieldOf } from './forms.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { drawApiKeys, FIRST_PAGE, postedForm } from './settings-pages.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.createApiKey, ({ viewer, form }) =>
  postedForm(
    form,
    async () => {
      const body = parseInput(ApiKeyCreate, { name: fieldOf(form, 'name') ?? '', scopes: form.scopes ?? [], options: form.options ?? [] }, 'form');
      // The user delegates from their role in this business: asking for more than it holds is refused (403), as through the API.
      const creator = { kind: 'session', businessId: viewer.business.id, scopes: viewer.scopes, options: new Set(viewer.scopes.has('settings_webhooks:manage') ? (['webhooks'] as const) : []), subject: viewer.session.user.id, grantId: null, userId: viewer.session.user.id } as const;
      const created = await createApiKey(creator, body);
      return html(201, secretShownPage({ viewer, title: 'API key created', what: 'API key', secret: created.key, back: '/dashboard/settings/api-keys' }));
    },
    (entry) => drawApiKeys(viewer, FIRST_PAGE, { entry }),
  ),
);
