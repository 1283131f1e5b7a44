import { normalizeId } from '../../../shared/domain/ids.ts';
import { grantStore, revokeGrant } from '../../../shared/oauth/grants.ts';
import { errorPage } from '../../../shared/oauth/pages.ts';
import { constantTimeEqual } from '../../../shared/oauth/secrets.ts';
import { html, redirect } from '../../../shared/http/web.ts';
import { definePageHandler } from '../../../shared/http/define-page.ts';
import { oauthRoutes } from './routes.ts';

export const handler = definePageHandler(oauthRoutes.revokeConnection, async ({ event, form, session }) => {

  const signedIn = await session();
  if (!signedIn) return redirect('/oauth/sign-in', [], 303);
  if (!constantTimeEqual(signedIn.csrf, form.csrf?.[0] ?? '')) return html(400, errorPage('The form expired. Please reload the page.'));
  const membership = signedIn.user.memberships.find((entry) => entry.business_id === form.business_id?.[0]);
  const grantId = normalizeId(event.pathParameters?.id ?? '');
  const grant = membership && grantId ? await grantStore.get(membership.business_id, grantId) : undefined;
  // Only the user's own grants: anyone else's is answered like one that does not exist.
  if (!membership || !grant || grant.record.user_id !== signedIn.user.id) return html(404, errorPage('No such connected app.'));
  await revokeGrant(membership.business_id, grant.record.id, 'revoked by the user');
  return redirect('/oauth/connections');
});
