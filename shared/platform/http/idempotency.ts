import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { validationError } from './errors.ts';

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key of a request scoped to its route, or undefined when none was sent. */
export function idempotencyKeyOf(event: APIGatewayProxyEventV2, route: string): { route: string; key: string } | undefined {
  const key = event.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!VISIBLE_ASCII.test(key)) throw validationError([{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  return { route, key };
}

/**
 * The idempotency key a dashboard form carries (drawn with the form, so a second submit replays the first), scoped
 * to its route; a form without a good one is a 400 asking to reload it.
 */
export function formIdempotencyKey(form: Readonly<Record<string, readonly string[]>>, route: string): { route: string; key: string } {
  const key = form.idempotency_key?.[0] ?? '';
  if (!VISIBLE_ASCII.test(key)) throw validationError([{ field: 'idempotency_key', message: 'is missing: reload the form' }]);
  return { route, key };
}
