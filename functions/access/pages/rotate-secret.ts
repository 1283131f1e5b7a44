import { secretShownPage } from '../../../shared/access/pages/settings.tsx';
import { rotateSecret } from '../../../shared/webhooks/index.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import { html } from '../../../shared/platform/http/web.ts';
import { dashboardSettingsRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.rotateSecret, async ({ viewer, id }) => {
  const rotated = await rotateSecret(viewer.business.id, id);
  return html(200, secretShownPage({ viewer, title: 'Signing secret rotated', what: 'new signing secret (the previous one keeps signing beside it for 24 hours)', secret: rotated.secret, back: `/dashboard/settings/webhooks/${id}` }));
});
