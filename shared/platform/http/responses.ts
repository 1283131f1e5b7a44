import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { ExactDecimal } from '../core/money.ts';
import type { ApiError } from './errors.ts';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // Financial data must never sit in a shared cache.
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export interface Success<T = unknown> {
  readonly status: 200 | 201 | 202;
  readonly message: string;
  readonly data: T;
  /** Only the OpenAPI document is served bare, because tools read it as a document, not as an API answer. */
  readonly bare?: boolean;
  /** A file answered as itself (a document's PDF), not in the envelope: its bytes, type and name. */
  readonly file?: { readonly bytes: Uint8Array; readonly contentType: string; readonly filename?: string; readonly headers?: Readonly<Record<string, string>> };
}

export function ok<T>(message: string, data: T): Success<T> {
  return { status: 200, message, data };
}

export function created<T>(message: string, data: T): Success<T> {
  return { status: 201, message, data };
}

/** The work was accepted and goes on after this answer (a route whose contract names an `accepted` response). */
export function accepted<T>(message: string, data: T): Success<T> {
  return { status: 202, message, data };
}

/**
 * JSON.stringify, with ExactDecimal values written as bare numbers, digit for digit. Each is first written as a
 * string holding a marker no other string can (a random one per call), then the quotes and marker are cut away.
 * Done here in a few lines rather than with lossless-json, which would add its weight to every function.
 */
function toJson(value: unknown): string {
  const marker = `exact-${randomUUID()}:`;
  let exact = false;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof ExactDecimal)) return item;
    exact = true;
    return `${marker}${item.text}`;
  });
  return exact ? text.replace(new RegExp(`"${marker}(-?\\d+(?:\\.\\d+)?)"`, 'g'), '$1') : text;
}

/** A PDF as the answer (a route whose contract `produces` it); its data is its name, the contract's response. */
export function pdf(message: string, document: { readonly bytes: Uint8Array; readonly filename: string }, headers: Readonly<Record<string, string>> = {}): Success<string> {
  return { status: 200, message, data: document.filename, file: { bytes: document.bytes, contentType: 'application/pdf', filename: document.filename, headers } };
}

/** An XML document as the answer (a route whose contract `produces` application/xml), as a named file. */
export function xml(message: string, document: { readonly bytes: Uint8Array; readonly filename: string }): Success<string> {
  return { status: 200, message, data: document.filename, file: { bytes: document.bytes, contentType: 'application/xml; charset=utf-8', filename: document.filename } };
}

/** JSON lines as the answer (a route whose contract `produces` application/x-ndjson): one JSON value a line, as a file. */
export function jsonLines(message: string, values: readonly unknown[], filename: string): Success<string> {
  const text = values.map((value) => `${toJson(value)}\n`).join('');
  return { status: 200, message, data: filename, file: { bytes: Buffer.from(text, 'utf8'), contentType: 'application/x-ndjson; charset=utf-8', filename } };
}

/** An HTML page as the answer of an API-kind route (its contract `produces` text/html), with the page's headers. */
export function page(message: string, text: string, headers: Readonly<Record<string, string>>): Success<string> {
  return { status: 200, message, data: '', file: { bytes: Buffer.from(text, 'utf8'), contentType: 'text/html; charset=utf-8', headers } };
}

export function successResponse(success: Success): APIGatewayProxyStructuredResultV2 {
  if (success.file) {
    return {
      statusCode: success.status,
      headers: { 'content-type': success.file.contentType, ...(success.file.filename ? { 'content-disposition': `inline; filename="${success.file.filename}"` } : {}), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...success.file.headers },
      body: Buffer.from(success.file.bytes).toString('base64'),
      isBase64Encoded: true,
    };
  }
  return {
    statusCode: success.status,
    headers: JSON_HEADERS,
    body: toJson(success.bare ? success.data : { status: 'success', message: success.message, data: success.data }),
  };
}

export function errorResponse(error: ApiError): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: error.status,
    headers: { ...JSON_HEADERS, ...error.headers },
    body: JSON.stringify({ error: error.code, error_description: error.description, details: error.details }),
  };
}
