import type { FieldProblem } from '../core/errors.ts';

/** An HTTP error in the published shape: `{ error, error_description, details: [{ field, message }] }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly details: readonly FieldProblem[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
  }
}

export const BEARER_CHALLENGE = 'Bearer realm="api"';

export function validationError(details: readonly FieldProblem[], code = 'validation_error'): ApiError {
  const first = details[0] ?? { field: 'body', message: 'is invalid' };
  return new ApiError(400, code, `${first.field}: ${first.message}`, details);
}

export function unauthorized(description: string): ApiError {
  return new ApiError(401, 'unauthorized', description, [], {
    'www-authenticate': `${BEARER_CHALLENGE}, error="invalid_token", error_description="${description}"`,
  });
}

export function insufficientScope(scope: string): ApiError {
  return new ApiError(403, 'insufficient_scope', `This credential lacks the scope ${scope}.`, [{ field: 'scope', message: scope }], {
    'www-authenticate': `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${scope}"`,
  });
}

/** A credential asked to hand out scopes or options it does not hold itself. */
export function beyondDelegation(missing: readonly string[]): ApiError {
  return new ApiError(
    403,
    'insufficient_scope',
    `This credential cannot grant what it does not hold: ${missing.join(', ')}.`,
    missing.map((name) => (name.startsWith('option:') ? { field: 'options', message: name.slice('option:'.length) } : { field: 'scopes', message: name })),
    { 'www-authenticate': `${BEARER_CHALLENGE}, error="insufficient_scope", scope="${missing.filter((name) => !name.startsWith('option:')).join(' ')}"` },
  );
}

export function notFound(): ApiError {
  return new ApiError(404, 'not_found', 'The requested resource does not exist.');
}

export function noSuchRoute(): ApiError {
  return new ApiError(404, 'not_found', 'No endpoint exists at this path.');
}

export function methodNotAllowed(allowed: readonly string[]): ApiError {
  return new ApiError(405, 'method_not_allowed', `This path accepts ${allowed.join(', ')}.`, [], { allow: allowed.join(', ') });
}

export function conflict(description: string): ApiError {
  return new ApiError(409, 'conflict', description);
}

/** A posting in a locked period: the details name the date field that fell on or before the lock date. */
export function periodLocked(field: string, lockDate: string): ApiError {
  return new ApiError(409, 'period_locked', `${field}: on or before the lock date ${lockDate}`, [{ field, message: `on or before the lock date ${lockDate}` }]);
}

export function payloadTooLarge(limitBytes: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`, [{ field: 'body', message: `must be at most ${limitBytes} bytes` }]);
}

export function unsupportedMediaType(alsoXml = false): ApiError {
  const types = alsoXml ? 'application/json or application/xml' : 'application/json';
  return new ApiError(415, 'unsupported_media_type', `The request body must be sent as ${types}.`, [{ field: 'content-type', message: `must be ${types}` }]);
}

export function internalError(): ApiError {
  return new ApiError(500, 'internal_error', 'Something went wrong on our side. The request may be retried.');
}
