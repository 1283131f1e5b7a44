import { normalizeId } from '../../../shared/domain/ids.ts';
import { grantStore, revokeGrant } from '../../../shared/oauth/grants.ts';
import { errorPage } from '../../../shared/oauth/pages.ts';
import { constantTimeEqual } from '../../../shared/oauth/secrets.ts';
import { sessionOf } from '../../../shared/oauth/sessions.ts';
import { cookieOf, definePage, formOf, html, redirect } from '../../../shared/oauth/web.ts';

export const handler = definePage(async (event) => {
  const form = formOf(event) ?? {};
  const session = await sessionOf(cookieOf(event, 'session'));
  if (!session) return redirect('/oauth/sign-in', [], 303);
  if (!constantTimeEqual(session.csrf, form.csrf?.[0] ?? '')) return html(400, errorPage('The form expired. Please reload the page.'));
  const membership = session.user.memberships.find((entry) => entry.business_id === form.business_id?.[0]);
  const grantId = normalizeId(event.pathParameters?.id ?? '');
  const grant = membership && grantId ? await grantStore.get(membership.business_id, grantId) : undefined;
  // Only the user's own grants: anyone else's is answered like one that does not exist.
  if (!membership || !grant || grant.record.user_id !== session.user.id) return html(404, errorPage('No such connected app.'));
  await revokeGrant(membership.business_id, grant.record.id, 'revoked by the user');
  return redirect('/oauth/connections');
});
