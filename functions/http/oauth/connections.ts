import { getBusiness } from '../../../shared/businesses/businesses.ts';
import { connectionsOf } from '../../../shared/oauth/grants.ts';
import { connectionsPage } from '../../../shared/oauth/pages.ts';
import { html, redirect } from '../../../shared/http/web.ts';
import { definePageHandler } from '../../../shared/http/define-page.ts';
import { oauthRoutes } from './routes.ts';

/** The user's own side: the apps connected in each of their businesses, each with a Revoke button. */
export const handler = definePageHandler(oauthRoutes.connections, async ({ session }) => {
  const signedIn = await session();
  if (!signedIn) return redirect(`/oauth/sign-in?return_to=${encodeURIComponent('/oauth/connections')}`, [], 302);
  const businesses = await Promise.all(
    signedIn.user.memberships.map(async (membership) => ({
      id: membership.business_id,
      name: (await getBusiness(membership.business_id)).name,
      grants: (await connectionsOf(membership.business_id, signedIn.user.id)).map((grant) => ({ id: grant.id, app: grant.client_name, scopes: grant.scopes, since: grant.created_at })),
    })),
  );
  return html(200, connectionsPage({ csrf: signedIn.csrf, businesses }));
});
