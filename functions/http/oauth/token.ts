import { authenticateClient } from '../../../shared/oauth/authorize.ts';
import { OAuthError, redeemCode, refresh } from '../../../shared/oauth/grants.ts';
import { defineOAuthEndpoint, formOf, single } from '../../../shared/oauth/web.ts';

/** The token endpoint: authorization_code and refresh_token, JSON (spec 4.3) or form-encoded (RFC 6749). */
export const handler = defineOAuthEndpoint(async (event) => {
  const form = formOf(event);
  if (!form) throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded or application/json.');
  const clientId = await authenticateClient(event, form);
  const required = (name: string) => {
    const value = single(form, name);
    if (!value) throw new OAuthError('invalid_request', `${name} is required.`);
    return value;
  };
  switch (single(form, 'grant_type')) {
    case 'authorization_code':
      return redeemCode(clientId, required('code'), required('redirect_uri'), single(form, 'code_verifier'));
    case 'refresh_token':
      return refresh(clientId, required('refresh_token'), single(form, 'scope'));
    case undefined:
      throw new OAuthError('invalid_request', 'grant_type is required.');
    default:
      throw new OAuthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  }
});
