import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isLosslessNumber, stringify as losslessStringify } from 'lossless-json';
import type { ApiError } from './errors.ts';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // Financial data must never sit in a shared cache.
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export interface Success<T = unknown> {
  readonly status: 200 | 201;
  readonly message: string;
  readonly data: T;
  /** Only the OpenAPI document is served bare, because tools read it as a document, not as an API answer. */
  readonly bare?: boolean;
}

export function ok<T>(message: string, data: T): Success<T> {
  return { status: 200, message, data };
}

export function created<T>(message: string, data: T): Success<T> {
  return { status: 201, message, data };
}

/**
 * JSON.stringify, unless the value holds an exact amount past what a JavaScript number holds (a LosslessNumber
 * from a report's BigInt sums): then lossless-json writes it digit for digit. Only such answers pay for it.
 */
function toJson(value: unknown): string {
  let exact = false;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (isLosslessNumber(item)) exact = true;
    return item;
  });
  return exact ? (losslessStringify(value) ?? 'null') : text;
}

export function successResponse(success: Success): APIGatewayProxyStructuredResultV2 {
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
