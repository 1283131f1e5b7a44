import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { authorize } from '../integration/oauth-flow.ts';
import { call, runtime } from '../integration/support.ts';

/** The maintained client library, unmodified and configured without discovery, against the local runtime. */
describe('openid-client', () => {
  it('completes the code exchange and a refresh', async () => {
    const { client, base_url: base } = runtime.credentials;
    const config = new oidc.Configuration(
      { issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token`, revocation_endpoint: `${base}/oauth/revoke` },
      client.client_id,
      client.client_secret,
    );
    // The local runtime serves plain http; on AWS the endpoints are https.
    oidc.allowInsecureRequests(config);
    const state = oidc.randomState();
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: client.redirect_uri,
      scope: 'sales_customers:read finance_ledger:read',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await authorize({ url: url.pathname + url.search });
    const tokens = await oidc.authorizationCodeGrant(config, callback, { expectedState: state, pkceCodeVerifier: verifier });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expiresIn()).toBeGreaterThan(3500);
    expect(tokens.scope?.split(' ').sort()).toEqual(['finance_ledger:read', 'sales_customers:read']);
    expect((await call('GET', '/api/v1/customers', { key: tokens.access_token })).status).toBe(200);

    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call('GET', '/api/v1/reports/trial-balance', { key: refreshed.access_token })).status).toBe(200);

    await oidc.tokenRevocation(config, refreshed.refresh_token!);
    expect((await call('GET', '/api/v1/customers', { key: refreshed.access_token })).status).toBe(401);
  });
});
