import { signInPage } from '../../../shared/access/oauth/pages.tsx';
import { safeReturnPath } from '../../../shared/access/oauth/return-path.ts';
import { FORM_TOKEN_SECONDS, issueFormToken, spendFormToken } from '../../../shared/access/oauth/form-tokens.ts';
import { openSession } from '../../../shared/access/oauth/sessions.ts';
import { cookieOf, html, redirect, setCookie } from '../../../shared/platform/http/web.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { oauthRoutes } from './routes.ts';
import { attemptSignIn } from '../../../shared/access/users/sign-in.ts';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const handler = definePageHandler(oauthRoutes.signIn, async ({ event, form }) => {

  const returnTo = safeReturnPath(form.return_to?.[0]);
  const again = async (status: number, error: string, headers: Record<string, string> = {}) => {
    const next = await issueFormToken();
    return html(status, signInPage({ returnTo, csrf: next.token, error }), [setCookie('pre_csrf', next.nonce, FORM_TOKEN_SECONDS)], { headers });
  };
  if (!(await spendFormToken(form.csrf?.[0] ?? '', cookieOf(event, 'pre_csrf')))) return again(400, 'The form expired. Please sign in again.');
  const outcome = await attemptSignIn({ email: form.email?.[0] ?? '', password: form.password?.[0] ?? '', clientAddress: event.requestContext.http.sourceIp });
  switch (outcome.kind) {
    case 'signed_in': {
      const session = await openSession(outcome.userId, cookieOf(event, 'session'));
      return redirect(returnTo, [setCookie('session', session.cookie, session.maxAgeSeconds), setCookie('pre_csrf', '', 0)]);
    }
    case 'throttled':
      return again(429, `Too many failed sign-ins. Please wait ${minutes(outcome.retryAfterSeconds)} minute${minutes(outcome.retryAfterSeconds) === 1 ? '' : 's'} and try again.`, { 'retry-after': String(outcome.retryAfterSeconds) });
    case 'busy':
      return again(429, 'Too many people are signing in right now. Please try again in a moment.', { 'retry-after': String(outcome.retryAfterSeconds) });
    case 'refused':
      // The same answer for an unknown e-mail and a wrong password, so neither is revealed.
      return again(401, 'The e-mail or password is not right.');
  }
});
