import { noticeOf } from '../../../shared/dashboard/sides.ts';
import { apiKeysPage } from '../../../shared/dashboard/views/settings.tsx';
import { ApiKeyListQuery } from '../../../shared/keys/schemas.ts';
import { listApiKeys } from '../../../shared/keys/manage.ts';
import { SCOPES } from '../../../shared/domain/scopes.ts';
import { pageRequestOf } from '../../../shared/domain/fields.ts';
import { filledQueryOf } from '../../../shared/http/define-dashboard.ts';
import { parseInput } from '../../../shared/http/validate.ts';
import { html } from '../../../shared/http/web.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.apiKeys, async ({ viewer, event }) => {
  const query = parseInput(ApiKeyListQuery, filledQueryOf(event), 'query');
  return html(
    200,
    apiKeysPage({
      viewer,
      keys: await listApiKeys(viewer.business.id, pageRequestOf(query)),
      // A key may hold only what the user's role holds: the same rule the API applies to a credential.
      grantable: SCOPES.filter((scope) => viewer.scopes.has(scope)),
      webhooksOption: viewer.scopes.has('settings_webhooks:manage'),
      notice: noticeOf(event.queryStringParameters?.notice),
    }),
  );
});
