import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { OAuthError } from '../core/errors.ts';
import { toApiError } from './boundary.ts';

const OAUTH_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache', 'x-content-type-options': 'nosniff' };
const NO_CONTENT_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache', 'x-content-type-options': 'nosniff' };

/** An RFC 6749 answer: the body bare (not in the envelope), never cached; no body at all is 200 with no content. */
export function oauthResponse(statusCode: number, body: unknown, headers: Readonly<Record<string, string>> = {}): APIGatewayProxyStructuredResultV2 {
  if (body === undefined) return { statusCode, headers: { ...NO_CONTENT_HEADERS, ...headers }, body: '' };
  return { statusCode, headers: { ...OAUTH_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** Any error of an OAuth endpoint in RFC 6749's shape: its own codes, 413 and 400 as invalid_request, else 500. */
export function oauthErrorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof OAuthError) {
    const unauthorized = error.code === 'invalid_client';
    return oauthResponse(unauthorized ? 401 : 400, { error: error.code, error_description: error.message }, unauthorized ? { 'www-authenticate': 'Basic realm="oauth"' } : {});
  }
  const apiError = toApiError(error);
  if (apiError.status >= 500) return oauthResponse(500, { error: 'server_error', error_description: 'Something went wrong on our side.' });
  // RFC 6749 has one code for a request it cannot take: the status keeps what HTTP says (413, 400).
  return oauthResponse(apiError.status === 413 ? 413 : 400, { error: 'invalid_request', error_description: apiError.description });
}
