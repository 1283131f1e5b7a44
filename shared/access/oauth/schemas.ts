import * as v from 'valibot';

/** The token endpoint's request, as spec 4.3 and RFC 6749 write it (client credentials may come by HTTP Basic). */
export const TokenRequest = v.object({
  grant_type: v.picklist(['authorization_code', 'refresh_token']),
  code: v.optional(v.string()),
  redirect_uri: v.optional(v.string()),
  code_verifier: v.optional(v.string()),
  refresh_token: v.optional(v.string()),
  scope: v.optional(v.pipe(v.string(), v.description('refresh_token only: a narrower scope for the new access token (RFC 6749 §6).'))),
  client_id: v.optional(v.string()),
  client_secret: v.optional(v.string()),
});

export const TokenResponse = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.number(),
  refresh_token: v.string(),
  scope: v.pipe(v.string(), v.description('Space-separated granted scopes.')),
});

export const RevokeRequest = v.object({ token: v.string(), token_type_hint: v.optional(v.string()), client_id: v.optional(v.string()), client_secret: v.optional(v.string()) });
