import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { config } from '../config.ts';
import { bodyBytes, MAX_BODY_BYTES } from '../http/boundary.ts';
import { bodyText, isJsonMediaType } from '../http/json-body.ts';
import { logger } from '../http/logger.ts';
import { OAuthError } from './grants.ts';
import { errorPage } from './pages.ts';

export type Form = Record<string, string[]>;

/** The request body as a form: application/x-www-form-urlencoded, or JSON (as spec 4.3 sends to the token endpoint). */
export function formOf(event: APIGatewayProxyEventV2): Form | null {
  if (bodyBytes(event) > MAX_BODY_BYTES) return null;
  let raw: string;
  try {
    raw = bodyText(event);
  } catch {
    return null;
  }
  const type = (event.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form: Form = {};
    for (const [name, value] of new URLSearchParams(raw)) (form[name] ??= []).push(value);
    return form;
  }
  if (isJsonMediaType(event.headers['content-type'])) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter(([, value]) => typeof value === 'string').map(([name, value]) => [name, [value as string]]));
    } catch {
      return null;
    }
  }
  return null;
}

/** A form field that must appear at most once (RFC 6749 §3.1). */
export function single(form: Form, name: string): string | undefined {
  const values = form[name];
  if (values && values.length > 1) throw new OAuthError('invalid_request', `${name} was sent more than once.`);
  return values?.[0];
}

/** A cookie's value; a value that is not valid percent-encoding is no value at all (never a thrown error). */
export function cookieOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  for (const cookie of event.cookies ?? []) {
    const at = cookie.indexOf('=');
    if (at < 0 || cookie.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(cookie.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax, and Secure everywhere but the local runtime (which serves plain http). */
export function setCookie(name: string, value: string, maxAgeSeconds: number, path = '/oauth'): string {
  const secure = config().SERVICE_STAGE === 'local' ? '' : '; Secure';
  return `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * `form-action` lists where a form may go, redirects after the post included: this service only, plus, on the
 * consent page alone, the origin of the one redirect_uri that page answers to.
 */
function pageHeaders(formTargets: readonly string[]): Record<string, string> {
  const formAction = ["'self'", ...formTargets].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'referrer-policy': 'no-referrer',
  };
}

export interface PageOptions {
  /** Origins the page's forms may be redirected to after they post (the consent page's redirect_uri). */
  readonly formTargets?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
}

export function html(statusCode: number, body: string, cookies: string[] = [], options: PageOptions = {}): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { ...pageHeaders(options.formTargets ?? []), ...options.headers }, body, cookies };
}

export function redirect(location: string, cookies: string[] = [], statusCode = 303): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { location, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: '', cookies };
}

/** The user-facing pages: every failure is a page, never a redirect to a place nobody checked. */
export function definePage(handle: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      try {
        return await handle(event);
      } catch (error) {
        logger.error('Page failed', { error: error as Error });
        return html(500, errorPage('Something went wrong on our side. Please try again.'));
      }
    });
}

const OAUTH_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache', 'x-content-type-options': 'nosniff' };

const NO_CONTENT_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache', 'x-content-type-options': 'nosniff' };

/** The token and revocation endpoints: RFC 6749 §5 answers, never cached. */
export function defineOAuthEndpoint(handle: (event: APIGatewayProxyEventV2) => Promise<unknown>) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      if (bodyBytes(event) > MAX_BODY_BYTES) {
        return { statusCode: 413, headers: OAUTH_HEADERS, body: JSON.stringify({ error: 'invalid_request', error_description: `The request body exceeds ${MAX_BODY_BYTES} bytes.` }) };
      }
      try {
        const body = await handle(event);
        // RFC 7009 answers a revocation with 200 and no content: then no body is claimed to be JSON.
        if (body === undefined) return { statusCode: 200, headers: NO_CONTENT_HEADERS, body: '' };
        return { statusCode: 200, headers: OAUTH_HEADERS, body: JSON.stringify(body) };
      } catch (error) {
        if (error instanceof OAuthError) {
          const unauthorized = error.code === 'invalid_client';
          return {
            statusCode: unauthorized ? 401 : 400,
            headers: { ...OAUTH_HEADERS, ...(unauthorized ? { 'www-authenticate': 'Basic realm="oauth"' } : {}) },
            body: JSON.stringify({ error: error.code, error_description: error.message }),
          };
        }
        logger.error('OAuth endpoint failed', { error: error as Error });
        return { statusCode: 500, headers: OAUTH_HEADERS, body: JSON.stringify({ error: 'server_error', error_description: 'Something went wrong on our side.' }) };
      }
    });
}
