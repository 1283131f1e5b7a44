import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { config } from '../config.ts';
import { bodyText, isJsonMediaType } from './json-body.ts';

import type { Form } from '../core/form.ts';
export type { Form };

/**
 * The request body as a form: application/x-www-form-urlencoded, or a JSON object of strings (as spec 4.3 sends to
 * the token endpoint). Null when it is neither, or is not valid UTF-8.
 */
export function formOf(event: APIGatewayProxyEventV2): Form | null {
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

/**
 * A cookie's name on the wire: `__Host-` on AWS, which browsers accept only from this very host, over HTTPS, for
 * the whole site (no subdomain or plain-HTTP page can plant or override it); the local runtime serves plain HTTP,
 * where the prefix cannot be set, so there the name is as given.
 */
const wireName = (name: string) => (config().SERVICE_STAGE === 'local' ? name : `__Host-${name}`);

/** A cookie's value; a value that is not valid percent-encoding is no value at all (never a thrown error). */
export function cookieOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wire = wireName(name);
  for (const cookie of event.cookies ?? []) {
    const at = cookie.indexOf('=');
    if (at < 0 || cookie.slice(0, at).trim() !== wire) continue;
    try {
      return decodeURIComponent(cookie.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** HttpOnly, SameSite=Lax, Path=/ (as `__Host-` requires), and Secure everywhere but the local runtime (plain http). */
export function setCookie(name: string, value: string, maxAgeSeconds: number): string {
  const secure = config().SERVICE_STAGE === 'local' ? '' : '; Secure';
  return `${wireName(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * `form-action` lists where a form may go, redirects after the post included: this service only, plus, on the
 * consent page alone, the origin of the one redirect_uri that page answers to.
 */
/** Browsers keep to HTTPS for a year once they saw a page over it; the local runtime serves plain HTTP, so not there. */
const STRICT_TRANSPORT = 'max-age=31536000; includeSubDomains';

function pageHeaders(formTargets: readonly string[]): Record<string, string> {
  const formAction = ["'self'", ...formTargets].join(' ');
  return {
    ...(config().SERVICE_STAGE === 'local' ? {} : { 'strict-transport-security': STRICT_TRANSPORT }),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // One same-origin script may come (progressive enhancement, served from /assets/); no inline script, none elsewhere.
    'content-security-policy': `default-src 'none'; style-src 'self'; script-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'referrer-policy': 'no-referrer',
  };
}

/** The headers of an HTML page answered as a file by an API-kind route (the public invoice page). */
export function pageFileHeaders(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return { ...pageHeaders([]), ...extra };
}

export interface PageOptions {
  /** Origins the page's forms may be redirected to after they post (the consent page's redirect_uri). */
  readonly formTargets?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
}

export function html(statusCode: number, body: string, cookies: string[] = [], options: PageOptions = {}): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { ...pageHeaders(options.formTargets ?? []), ...options.headers }, body, cookies };
}

/** A file the browser saves (a document's PDF), never shown inline nor sniffed. */
export function pdfAttachment(file: { readonly bytes: Buffer; readonly filename: string }): APIGatewayProxyStructuredResultV2 {
  return fileAttachment(file, 'application/pdf');
}

/** A file to download: its bytes, type and name, never cached. */
export function fileAttachment(file: { readonly bytes: Buffer; readonly filename: string }, contentType: string): APIGatewayProxyStructuredResultV2 {
  return { statusCode: 200, headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${file.filename}"`, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: file.bytes.toString('base64'), isBase64Encoded: true };
}

export function redirect(location: string, cookies: string[] = [], statusCode = 303): APIGatewayProxyStructuredResultV2 {
  return { statusCode, headers: { location, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }, body: '', cookies };
}
