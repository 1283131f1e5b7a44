import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { config } from '../config.ts';
import { MAX_BODY_BYTES } from '../http/boundary.ts';
import { logger } from '../http/logger.ts';
import { OAuthError } from './grants.ts';
import { errorPage } from './pages.ts';

export type Form = Record<string, string[]>;

/** The request body as a form: application/x-www-form-urlencoded, or JSON (as spec 4.3 sends to the token endpoint). */
export function formOf(event: APIGatewayProxyEventV2): Form | null {
  const raw = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) return null;
  const type = (event.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form: Form = {};
    for (const [name, value] of new URLSearchParams(raw)) (form[name] ??= []).push(value);
    return form;
  }
  if (type.startsWith('application/json')) {
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

export function cookieOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  for (const cookie of event.cookies ?? []) {
    const at = cookie.indexOf('=');
    if (cookie.slice(0, at).trim() === name) return decodeURIComponent(cookie.slice(at + 1).trim());
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax, and Secure everywhere but the local runtime (which serves plain http). */
export function setCookie(name: string, value: string, maxAgeSeconds: number, path = '/oauth'): string {
  const secure = config().SERVICE_STAGE === 'local' ? '' : '; Secure';
  return `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' *; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

export function html(statusCode: number, body: string, cookies: string[] = []): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: PAGE_HEADERS, body, cookies };
}

export function redirect(location: string, cookies: string[] = [], statusCode = 303): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { location, 'cache-control': 'no-store' }, body: '', cookies };
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

const OAUTH_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' };

/** The token and revocation endpoints: RFC 6749 §5 answers, never cached. */
export function defineOAuthEndpoint(handle: (event: APIGatewayProxyEventV2) => Promise<unknown>) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event) => {
      try {
        const body = await handle(event);
        return { statusCode: 200, headers: OAUTH_HEADERS, body: body === undefined ? '' : JSON.stringify(body) };
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
