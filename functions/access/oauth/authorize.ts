import { businessNames } from '../../../shared/access/businesses/businesses.ts';
import { membershipsPage } from '../../../shared/access/members/memberships.ts';

/** How many of a user's businesses the consent screen offers (an accountant of hundreds picks among the first). */
const CONSENT_BUSINESSES = 200;
import { checkAuthorizeRequest } from '../../../shared/access/oauth/authorize.ts';
import { consentPage, errorPage } from '../../../shared/access/oauth/pages.tsx';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { oauthRoutes } from './routes.ts';

/** The consent screen. A signed-out visitor is sent to sign in, carrying the whole request back with them. */
export const handler = definePageHandler(oauthRoutes.authorize, async ({ event, session }) => {
  const parameters = event.queryStringParameters ?? {};
  const check = await checkAuthorizeRequest(parameters);
  if (!check.ok) return 'page' in check ? html(400, errorPage(check.page)) : redirect(check.redirect, [], 302);
  const signedIn = await session();
  if (!signedIn) return redirect(`/oauth/sign-in?return_to=${encodeURIComponent(`${event.rawPath}?${event.rawQueryString}`)}`, [], 302);
  // The first businesses of the user (the consent screen's choice): one page of memberships, their names in one read.
  const memberships = (await membershipsPage(signedIn.user, { page: 1, pageSize: CONSENT_BUSINESSES })).items;
  const names = await businessNames(memberships.map((membership) => membership.business_id));
  const businesses = memberships.map((membership) => ({ id: membership.business_id, name: names.get(membership.business_id) ?? '' }));
  if (businesses.length === 0) return html(403, errorPage('Your account belongs to no business.'));
  const { request } = check;
  return html(
    200,
    consentPage({
      appName: request.client.name,
      scopes: request.scopes,
      businesses,
      csrf: signedIn.csrf,
      email: signedIn.user.email,
      request: {
        client_id: request.client.client_id,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: request.scopes.join(' '),
        response_type: 'code',
        ...(request.codeChallenge ? { code_challenge: request.codeChallenge, code_challenge_method: 'S256' } : {}),
      },
    }),
    [],
    // Approving redirects the posted form to the client: its origin, and no other, may receive it.
    { formTargets: [new URL(request.redirectUri).origin] },
  );
});
