import { defineClientHandler } from '../../../shared/access/http/define-client.ts';
import { OAuthError, redeemCode, refresh } from '../../../shared/access/oauth/grants.ts';
import { oauthRoutes } from './routes.ts';

/** The token endpoint: authorization_code and refresh_token, JSON (spec 4.3) or form-encoded (RFC 6749). */
export const handler = defineClientHandler(oauthRoutes.token, async ({ clientId, body }) => {
  const required = (name: 'code' | 'redirect_uri' | 'refresh_token') => {
    const value = body[name];
    if (!value) throw new OAuthError('invalid_request', `${name} is required.`);
    return value;
  };
  if (body.grant_type === 'authorization_code') return redeemCode(clientId, required('code'), required('redirect_uri'), body.code_verifier);
  return refresh(clientId, required('refresh_token'), body.scope);
});
