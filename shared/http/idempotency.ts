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
