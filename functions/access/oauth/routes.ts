import * as v from 'valibot';
import { RevokeRequest, TokenRequest, TokenResponse } from '../../../shared/access/oauth/schemas.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';

/** This feature's rows of the route table, each with the contract its handler validates and answers by. */
export const oauthRoutes = defineRoutes({
  signInPage: { id: 'oauth.signInPage', method: 'GET', path: '/oauth/sign-in', entry: 'functions/access/oauth/sign-in-page.ts', auth: 'browser', scope: null },
  signIn: { id: 'oauth.signIn', method: 'POST', path: '/oauth/sign-in', entry: 'functions/access/oauth/sign-in.ts', auth: 'browser', scope: null },
  authorize: { id: 'oauth.authorize', method: 'GET', path: '/oauth/authorize', entry: 'functions/access/oauth/authorize.ts', auth: 'browser', scope: null },
  consent: { id: 'oauth.consent', method: 'POST', path: '/oauth/authorize', entry: 'functions/access/oauth/consent.ts', auth: 'browser', scope: null },
  connections: { id: 'oauth.connections', method: 'GET', path: '/oauth/connections', entry: 'functions/access/oauth/connections.ts', auth: 'browser', scope: null },
  token: { id: 'oauth.token', method: 'POST', path: '/oauth/token', entry: 'functions/access/oauth/token.ts', auth: 'client', scope: null, contract: { summary: 'Exchange an authorization code, or refresh (RFC 6749; JSON or form-encoded)', tag: 'OAuth', body: TokenRequest, response: TokenResponse, oauth: true } },
  revoke: { id: 'oauth.revoke', method: 'POST', path: '/oauth/revoke', entry: 'functions/access/oauth/revoke.ts', auth: 'client', scope: null, contract: { summary: 'Revoke an access or refresh token (RFC 7009; JSON or form-encoded)', tag: 'OAuth', body: RevokeRequest, response: v.object({}), oauth: true } },
});
