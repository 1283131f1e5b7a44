import { getBusiness } from '../../../shared/access/businesses/businesses.ts';
import { BUSINESS_COOKIE, BUSINESS_COOKIE_SECONDS } from '../../../shared/access/http/define-dashboard.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { cookieOf, html, redirect, setCookie } from '../../../shared/platform/http/web.ts';
import { invitationPage } from '../../../shared/access/members/invitation-page.tsx';
import { joinByInvitation } from '../../../shared/access/members/invitation-flow.ts';
import { invitationOfLink, INVITATION_CLOSED } from '../../../shared/access/members/invitation-link.ts';
import { FORM_TOKEN_SECONDS, issueFormToken, spendFormToken } from '../../../shared/access/oauth/form-tokens.ts';
import { errorPage } from '../../../shared/access/oauth/pages.tsx';
import { openSession } from '../../../shared/access/oauth/sessions.ts';
import { findUserByEmail } from '../../../shared/access/users/users.ts';
import { invitationsRoutes } from './routes.ts';

/** Joins through an invitation, then signs the person in to the business they joined. */
export const handler = definePageHandler(invitationsRoutes.accept, async ({ event, form }) => {
  const invitation = await invitationOfLink(event.pathParameters?.token);
  if (!invitation) return html(404, errorPage(INVITATION_CLOSED));
  const member = invitation.member.record;
  const field = (name: string) => form[name]?.[0];
  const again = async (status: number, error: string, headers: Record<string, string> = {}) => {
    const [business, account, next] = await Promise.all([getBusiness(invitation.businessId), findUserByEmail(member.email), issueFormToken()]);
    return html(status, invitationPage({ path: event.rawPath, businessName: business.name, email: member.email, role: member.role, hasAccount: !!account, csrf: next.token, name: field('name') ?? '', error }), [setCookie('pre_csrf', next.nonce, FORM_TOKEN_SECONDS)], { headers });
  };
  if (!(await spendFormToken(field('csrf') ?? '', cookieOf(event, 'pre_csrf')))) return again(400, 'The form expired. Please try again.');
  const outcome = await joinByInvitation(invitation, { name: field('name'), password: field('password') ?? '', passwordAgain: field('password_again') }, event.requestContext.http.sourceIp);
  if (outcome.kind === 'refused') return again(outcome.status, outcome.error, outcome.retryAfterSeconds ? { 'retry-after': String(outcome.retryAfterSeconds) } : {});
  const session = await openSession(outcome.userId, cookieOf(event, 'session'));
  return redirect('/dashboard', [setCookie('session', session.cookie, session.maxAgeSeconds), setCookie('pre_csrf', '', 0), setCookie(BUSINESS_COOKIE, outcome.businessId, BUSINESS_COOKIE_SECONDS)]);
});
