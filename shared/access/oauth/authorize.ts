import { normalizeId, type Id } from '../../platform/core/ids.ts';
import { parseScopeList, SCOPES, type Scope } from '../../platform/http/scopes.ts';
import { getClient, hashClientSecret, type OAuthClientRecord } from './clients.ts';
import { OAuthError } from '../../platform/core/errors.ts';
import { constantTimeEqual } from './secrets.ts';

export interface AuthorizeRequest {
  readonly client: OAuthClientRecord;
  readonly redirectUri: string;
  readonly state: string;
  readonly scopes: readonly Scope[];
  readonly codeChallenge: string | null;
}

export type AuthorizeCheck =
  | { readonly ok: true; readonly request: AuthorizeRequest }
  /** Shown as a page: the redirect_uri cannot be trusted, so the browser is never sent to it. */
  | { readonly ok: false; readonly page: string }
  /** Sent back to the client's registered redirect_uri. */
  | { readonly ok: false; readonly redirect: string };

export function withQuery(uri: string, parameters: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * An authorization request, checked as RFC 6749 §4.1.2.1 and RFC 9700 ask: an unknown client or a redirect_uri
 * not registered for it character for character is an error page; anything else wrong goes back to the client.
 */
export async function checkAuthorizeRequest(parameters: Readonly<Record<string, string | undefined>>): Promise<AuthorizeCheck> {
  const clientId = normalizeId(parameters.client_id ?? '');
  const client = clientId ? await getClient(clientId) : undefined;
  if (!client) return { ok: false, page: 'This application is not known to the service.' };
  const redirectUri = parameters.redirect_uri ?? '';
  if (!client.redirect_uris.includes(redirectUri)) return { ok: false, page: 'The redirect address is not registered for this application.' };
  const state = parameters.state ?? '';
  const back = (error: string, description: string) => ({ ok: false as const, redirect: withQuery(redirectUri, { error, error_description: description, ...(state ? { state } : {}) }) });
  if (parameters.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is supported.');
  if (!state) return back('invalid_request', 'state is required.');
  if (parameters.code_challenge && (parameters.code_challenge_method ?? 'plain') !== 'S256') return back('invalid_request', 'Only the S256 code_challenge_method is accepted.');
  const scopes = parameters.scope === undefined ? [...SCOPES] : parseScopeList(parameters.scope);
  if (scopes.length === 0) return back('invalid_scope', 'No known scope was requested.');
  return { ok: true, request: { client, redirectUri, state, scopes, codeChallenge: parameters.code_challenge ?? null } };
}

function formDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Client authentication by HTTP Basic or in the body (one of the two), with the secret compared in constant time. */
export async function authenticateClient(authorization: string | undefined, fields: Readonly<Record<string, string>>): Promise<Id> {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  let id: string | undefined;
  let secret: string | undefined;
  if (basic) {
    if (fields.client_secret !== undefined) throw new OAuthError('invalid_request', 'Authenticate the client in one way only.');
    const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // RFC 6749 §2.3.1: both halves are form-urlencoded; a half that does not decode fails authentication.
    id = colon < 0 ? undefined : formDecoded(decoded.slice(0, colon));
    secret = colon < 0 ? undefined : formDecoded(decoded.slice(colon + 1));
    if (fields.client_id && fields.client_id !== id) throw new OAuthError('invalid_request', 'client_id does not match the authenticated client.');
  } else {
    id = fields.client_id;
    secret = fields.client_secret;
  }
  const clientId = normalizeId(id ?? '');
  const client = clientId ? await getClient(clientId) : undefined;
  if (!client || !secret || !constantTimeEqual(hashClientSecret(secret), client.secret_hash)) throw new OAuthError('invalid_client', 'Client authentication failed.');
  return client.client_id;
}
