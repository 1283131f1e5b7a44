import { getBusiness } from '../../../shared/businesses/businesses.ts';
import { connectionsOf } from '../../../shared/oauth/grants.ts';
import { connectionsPage } from '../../../shared/oauth/pages.ts';
import { sessionOf } from '../../../shared/oauth/sessions.ts';
import { cookieOf, definePage, html, redirect } from '../../../shared/oauth/web.ts';

/** The user's own side: the apps connected in each of their businesses, each with a Revoke button. */
export const handler = definePage(async (event) => {
  const session = await sessionOf(cookieOf(event, 'session'));
  if (!session) return redirect(`/oauth/sign-in?return_to=${encodeURIComponent('/oauth/connections')}`, [], 302);
  const businesses = await Promise.all(
    session.user.memberships.map(async (membership) => ({
      id: membership.business_id,
      name: (await getBusiness(membership.business_id)).name,
      grants: (await connectionsOf(membership.business_id, session.user.id)).map((grant) => ({ id: grant.id, app: grant.client_name, scopes: grant.scopes, since: grant.created_at })),
    })),
  );
  return html(200, connectionsPage({ csrf: session.csrf, businesses }));
});
