import { findUserByEmail } from '../../../shared/users/users.ts';
import { verifyPassword } from '../../../shared/users/passwords.ts';
import { signInPage } from '../../../shared/oauth/pages.ts';
import { safeReturnPath } from '../../../shared/oauth/return-path.ts';
import { constantTimeEqual, newSecret } from '../../../shared/oauth/secrets.ts';
import { openSession } from '../../../shared/oauth/sessions.ts';
import { cookieOf, definePage, formOf, html, redirect, setCookie } from '../../../shared/oauth/web.ts';

export const handler = definePage(async (event) => {
  const form = formOf(event) ?? {};
  const returnTo = safeReturnPath(form.return_to?.[0]);
  const again = (status: number, error: string) => {
    const csrf = newSecret('pre_');
    return html(status, signInPage({ returnTo, csrf, error }), [setCookie('pre_csrf', csrf, 1800)]);
  };
  const cookie = cookieOf(event, 'pre_csrf');
  if (!cookie || !constantTimeEqual(cookie, form.csrf?.[0] ?? '')) return again(400, 'The form expired. Please sign in again.');
  const user = await findUserByEmail(form.email?.[0] ?? '');
  // The same answer for an unknown e-mail and a wrong password, so neither is revealed.
  if (!user || !(await verifyPassword(form.password?.[0] ?? '', user.password_hash))) return again(401, 'The e-mail or password is not right.');
  const session = await openSession(user.id);
  return redirect(returnTo, [setCookie('session', session.cookie, session.maxAgeSeconds), setCookie('pre_csrf', '', 0)]);
});
