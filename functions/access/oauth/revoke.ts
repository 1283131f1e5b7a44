import { defineClientHandler } from '../../../shared/access/http/define-client.ts';
import { revokeToken } from '../../../shared/access/oauth/grants.ts';
import { oauthRoutes } from './routes.ts';

/** RFC 7009: after client authentication, 200 with no content whether or not the token was known. */
export const handler = defineClientHandler(oauthRoutes.revoke, async ({ clientId, body }) => {
  await revokeToken(clientId, body.token);
  return undefined;
});
