import { FORM_TOKEN_SECONDS, issueFormToken } from '../../../shared/access/oauth/form-tokens.ts';
import { signInPage } from '../../../shared/access/oauth/pages.tsx';
import { safeReturnPath } from '../../../shared/access/oauth/return-path.ts';
import { html, setCookie } from '../../../shared/platform/http/web.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { oauthRoutes } from './routes.ts';

/** The sign-in form. Before there is a session, its CSRF token is signed over a nonce kept in the browser's cookie. */
export const handler = definePageHandler(oauthRoutes.signInPage, async ({ event }) => {
  const form = await issueFormToken();
  return html(200, signInPage({ returnTo: safeReturnPath(event.queryStringParameters?.return_to), csrf: form.token }), [setCookie('pre_csrf', form.nonce, FORM_TOKEN_SECONDS)]);
});
