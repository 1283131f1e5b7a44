import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DelegationExceeded, IdempotencyKeyReused, NotFound, RateLimited, PeriodLocked, RuleViolation, ScopeRequired, StateConflict, TooLarge, Unauthenticated, Unprocessable } from '../core/errors.ts';
import { ApiError, beyondDelegation, conflict, insufficientScope, internalError, notFound, payloadTooLarge, periodLocked, validationError } from './errors.ts';
import { logger } from './logger.ts';
import { count } from '../observability/telemetry.ts';
import { METRIC } from '../observability/metric-names.ts';
import { errorResponse } from './responses.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The one place where anything thrown becomes a status and the published error shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RuleViolation) return validationError(error.problems, error.code);
  if (error instanceof NotFound) return notFound();
  if (error instanceof DelegationExceeded) return beyondDelegation(error.missing);
  if (error instanceof Unauthenticated) return new ApiError(401, 'unauthorized', error.message, [], { 'www-authenticate': error.challenge });
  if (error instanceof StateConflict) return conflict(error.message);
  if (error instanceof PeriodLocked) return periodLocked(error.field, error.lockDate);
  if (error instanceof TooLarge) return new ApiError(413, 'payload_too_large', `${error.field}: ${error.message}`, [{ field: error.field, message: error.message }]);
  if (error instanceof ScopeRequired) return insufficientScope(error.scope);
  if (error instanceof RateLimited) return new ApiError(429, 'rate_limited', error.message, [], { 'retry-after': String(error.retryAfterSeconds) });
  if (error instanceof Unprocessable) return new ApiError(422, error.code, error.message, error.problems);
  if (error instanceof IdempotencyKeyReused) return new ApiError(422, 'idempotency_key_reused', error.message, [{ field: 'Idempotency-Key', message: 'was used with another body' }]);
  return internalError();
}

/**
 * The error with extra response headers (a request's rate-limit fields): as an ApiError carrying them, unless it is
 * a 5xx, which stays the original error so that the boundary logs its cause.
 */
export function withHeaders(error: unknown, headers: Readonly<Record<string, string>>): unknown {
  const answer = toApiError(error);
  if (answer.status >= 500) return error;
  return new ApiError(answer.status, answer.code, answer.description, answer.details, { ...answer.headers, ...headers });
}

export function bodyBytes(event: APIGatewayProxyEventV2): number {
  if (event.body === undefined) return 0;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').byteLength : Buffer.byteLength(event.body);
}

/**
 * How a kind of route answers an error: the API's error shape here; RFC 6749's and HTML pages in their kinds. The
 * request is there for a page that links back to where the user came from.
 */
export type ErrorResponder = (error: unknown, event: APIGatewayProxyEventV2) => APIGatewayProxyStructuredResultV2;

export const apiErrorResponse: ErrorResponder = (error) => errorResponse(toApiError(error));

/**
 * Outermost middleware: refuses oversized bodies before any work, and turns every error into the shape of the
 * route's kind (`respondError`). A 5xx is logged with its cause and answered without it.
 */
export function httpBoundary(respondError: ErrorResponder = apiErrorResponse): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> {
  return {
    before: async (request) => {
      if (bodyBytes(request.event) > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
    },
    onError: async (request) => {
      const response = respondError(request.error, request.event);
      // A refusal is in the request's access-log line; a failure also logs its error here.
      if ((response.statusCode ?? 500) >= 500) {
        logger.error('Request failed', { error: request.error as Error });
        count(METRIC.serviceErrors);
      }
      request.response = response;
    },
  };
}
