import { authenticateClient } from '../../../shared/oauth/authorize.ts';
import { OAuthError, revokeToken } from '../../../shared/oauth/grants.ts';
import { defineOAuthEndpoint, formOf, single } from '../../../shared/oauth/web.ts';

/** RFC 7009: after client authentication, 200 whether or not the token was known. */
export const handler = defineOAuthEndpoint(async (event) => {
  const form = formOf(event);
  if (!form) throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded or application/json.');
  const clientId = await authenticateClient(event, form);
  const token = single(form, 'token');
  if (!token) throw new OAuthError('invalid_request', 'token is required.');
  await revokeToken(clientId, token);
  return undefined;
});
