import { scopesOfRole, type Scope } from '../../../shared/platform/http/scopes.ts';
import { checkAuthorizeRequest, withQuery } from '../../../shared/access/oauth/authorize.ts';
import { issueCode } from '../../../shared/access/oauth/grants.ts';
import { errorPage } from '../../../shared/access/oauth/pages.tsx';
import { constantTimeEqual } from '../../../shared/access/oauth/secrets.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { normalizeId } from '../../../shared/platform/core/ids.ts';
import { membershipOf } from '../../../shared/access/members/memberships.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { oauthRoutes } from './routes.ts';

/** Approve or cancel. Granted scopes = ticked ∩ requested ∩ the user's rights in the chosen business. */
export const handler = definePageHandler(oauthRoutes.consent, async ({ form, session }) => {
  const field = (name: string) => form[name]?.[0];
  const signedIn = await session();
  if (!signedIn) return redirect('/oauth/sign-in', [], 303);
  if (!constantTimeEqual(signedIn.csrf, field('csrf') ?? '')) return html(400, errorPage('The form expired. Please start again from the application.'));
  const check = await checkAuthorizeRequest({ client_id: field('client_id'), redirect_uri: field('redirect_uri'), state: field('state'), scope: field('scope'), response_type: field('response_type'), code_challenge: field('code_challenge'), code_challenge_method: field('code_challenge_method') });
  if (!check.ok) return 'page' in check ? html(400, errorPage(check.page)) : redirect(check.redirect);
  const { request } = check;
  if (field('decision') !== 'approve') return redirect(withQuery(request.redirectUri, { error: 'access_denied', state: request.state }));
  const picked = normalizeId(field('business_id') ?? '');
  const membership = picked ? await membershipOf(signedIn.user.id, picked) : undefined;
  if (!membership) return html(400, errorPage('Choose one of your businesses.'));
  const rights = new Set<Scope>(scopesOfRole(membership.role));
  const ticked = new Set(form.granted ?? []);
  const granted = request.scopes.filter((scope) => ticked.has(scope) && rights.has(scope));
  if (granted.length === 0) return redirect(withQuery(request.redirectUri, { error: 'access_denied', error_description: 'No permission was granted.', state: request.state }));
  const code = await issueCode({ client_id: request.client.client_id, client_name: request.client.name, redirect_uri: request.redirectUri, user_id: signedIn.user.id, business_id: membership.business_id, scopes: granted, code_challenge: request.codeChallenge });
  return redirect(withQuery(request.redirectUri, { code, state: request.state }));
});
