import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { DelegationExceeded, IdempotencyKeyReused, NotFound, RuleViolation, StateConflict } from '../domain/errors.ts';
import { ApiError, beyondDelegation, conflict, internalError, notFound, payloadTooLarge, validationError } from './errors.ts';
import { logger } from './logger.ts';
import { errorResponse } from './responses.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The one place where anything thrown becomes a status and the published error shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RuleViolation) return validationError(error.problems);
  if (error instanceof NotFound) return notFound();
  if (error instanceof DelegationExceeded) return beyondDelegation(error.missing);
  if (error instanceof StateConflict) return conflict(error.message);
  if (error instanceof IdempotencyKeyReused) return new ApiError(422, 'idempotency_key_reused', error.message, [{ field: 'Idempotency-Key', message: 'was used with another body' }]);
  return internalError();
}

export function bodyBytes(event: APIGatewayProxyEventV2): number {
  if (event.body === undefined) return 0;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').byteLength : Buffer.byteLength(event.body);
}

/**
 * Outermost middleware: refuses oversized bodies before any work, and turns every error into the error shape.
 * A 500 is logged with its cause and answered without it.
 */
export function httpBoundary(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> {
  return {
    before: async (request) => {
      if (bodyBytes(request.event) > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
    },
    onError: async (request) => {
      const apiError = toApiError(request.error);
      if (apiError.status >= 500) logger.error('Request failed', { error: request.error as Error });
      else logger.info('Request refused', { status: apiError.status, code: apiError.code });
      request.response = errorResponse(apiError);
    },
  };
}
