import { getBusiness } from '../../../shared/access/businesses/businesses.ts';
import { definePageHandler } from '../../../shared/access/http/define-page.ts';
import { html, setCookie } from '../../../shared/platform/http/web.ts';
import { invitationPage } from '../../../shared/access/members/invitation-page.tsx';
import { invitationOfLink, INVITATION_CLOSED } from '../../../shared/access/members/invitation-link.ts';
import { FORM_TOKEN_SECONDS, issueFormToken } from '../../../shared/access/oauth/form-tokens.ts';
import { errorPage } from '../../../shared/access/oauth/pages.tsx';
import { findUserByEmail } from '../../../shared/access/users/users.ts';
import { invitationsRoutes } from './routes.ts';

/** An invitation's page: the form to join, or why the link opens nothing any more. */
export const handler = definePageHandler(invitationsRoutes.page, async ({ event }) => {
  const invitation = await invitationOfLink(event.pathParameters?.token);
  if (!invitation) return html(404, errorPage(INVITATION_CLOSED));
  const member = invitation.member.record;
  const [business, account, form] = await Promise.all([getBusiness(invitation.businessId), findUserByEmail(member.email), issueFormToken()]);
  return html(200, invitationPage({ path: event.rawPath, businessName: business.name, email: member.email, role: member.role, hasAccount: !!account, csrf: form.token }), [setCookie('pre_csrf', form.nonce, FORM_TOKEN_SECONDS)]);
});
