/**
 * Errors a use case raises when a business rule says no. They know nothing of HTTP; the handler stack turns
 * each into its status and the error shape.
 */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** Input that is well-formed but breaks a rule (400). */
export class RuleViolation extends Error {
  constructor(
    readonly problems: readonly FieldProblem[],
    /** The error code when the refusal has a name of its own (`invalid_e_invoice`); `validation_error` otherwise. */
    readonly code = 'validation_error',
  ) {
    super(problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '));
  }

  static of(field: string, message: string): RuleViolation {
    return new RuleViolation([{ field, message }]);
  }
}

/**
 * The record cannot be made into what was asked until the named fields change (422, under its own `code`): a
 * document whose e-invoice the standard would refuse, each missing or inexpressible field named with its rule.
 */
export class Unprocessable extends Error {
  constructor(
    readonly code: string,
    summary: string,
    readonly problems: readonly FieldProblem[],
  ) {
    super(problems.length === 1 ? `${summary} ${problems[0]!.field}: ${problems[0]!.message}.` : summary);
  }
}

/** The record does not exist, or belongs to another business: the two are never told apart (404). */
export class NotFound extends Error {
  constructor(readonly resource = 'resource') {
    super(`The ${resource} does not exist.`);
  }
}

/** What was asked for is more than one answer may carry (413), naming the field to narrow. */
export class TooLarge extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** The record's state forbids the action (409). */
export class StateConflict extends Error {}

/** A posting dated, or reversing one dated, on or before the lock date (409 `period_locked`). */
export class PeriodLocked extends Error {
  constructor(
    readonly field: string,
    readonly lockDate: string,
  ) {
    super(`This posting falls in a locked period: ${field} is on or before the lock date ${lockDate}.`);
  }
}

/**
 * Too many of one kind of request (429 with Retry-After), outside a business's quota: from one client address this
 * minute, or manual reminders of one customer this hour.
 */
export class RateLimited extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    what = 'Too many requests from this address',
  ) {
    super(`${what}; try again after ${retryAfterSeconds} s.`);
  }
}

/** The action needs a scope the credential does not hold, beyond the route's own (403 insufficient_scope). */
export class ScopeRequired extends Error {
  constructor(readonly scope: string) {
    super(`This action requires the scope ${scope}.`);
  }
}

/** An Idempotency-Key sent again with another body (422). */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('This Idempotency-Key was already used with another request body.');
  }
}

/** An Idempotency-Key whose first request has not committed yet (409). */
export class IdempotencyInFlight extends StateConflict {}

/**
 * The caller asked to hand out rights it does not hold itself (403 insufficient_scope). `missing` names each
 * scope or option it lacks, so the answer can say exactly what was refused.
 */
export class DelegationExceeded extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`This credential cannot grant what it does not hold: ${missing.join(', ')}.`);
  }
}

/** RFC 6749 §5.2 errors, answered by the token and revocation endpoints in their own shape. */
export class OAuthError extends Error {
  constructor(readonly code: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope', description: string) {
    super(description);
  }
}

/** The caller could not be authenticated (401); `challenge` is the WWW-Authenticate value naming the scheme. */
export class Unauthenticated extends Error {
  constructor(
    message: string,
    readonly challenge: string,
  ) {
    super(message);
  }
}
