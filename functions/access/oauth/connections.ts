import { redirect } from '../../../shared/platform/http/web.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { oauthRoutes } from './routes.ts';

/** Connected apps moved into the dashboard's settings; the old address, which apps may link to, still leads there. */
export const handler = definePageHandler(oauthRoutes.connections, async () => redirect('/dashboard/settings/connected-apps', [], 301));
