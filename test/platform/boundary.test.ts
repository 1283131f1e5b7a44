import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { NotFound, RuleViolation, StateConflict } from '../../shared/platform/core/errors.ts';
import { httpBoundary, MAX_BODY_BYTES, toApiError } from '../../shared/platform/http/boundary.ts';

function eventWithBody(body?: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /x',
    rawPath: '/x',
    rawQueryString: '',
    headers: {},
    requestContext: { http: { method: 'POST', path: '/x' } } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body }),
  };
}

async function run(failure: unknown, body?: string) {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(httpBoundary())
    .handler(async () => {
      throw failure;
    });
  return (await handler(eventWithBody(body), {} as never)) as APIGatewayProxyStructuredResultV2;
}

describe('the error boundary', () => {
  it('answers an unexpected failure with 500 and nothing of its internals', async () => {
    const secret = 'connection string postgres://admin:hunter2@db';
    const answer = await run(new Error(secret));
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('hunter2');
    expect(answer.body).not.toContain('at ');
    expect(JSON.parse(answer.body ?? '')).toEqual({ error: 'internal_error', error_description: expect.any(String), details: [] });
  });

  it('refuses a body over 1 MiB with 413 before the handler runs', async () => {
    const answer = await run(new Error('must not run'), 'x'.repeat(MAX_BODY_BYTES + 1));
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(answer.body ?? '').error).toBe('payload_too_large');
  });

  it('maps rule, existence and state errors to 400, 404 and 409', () => {
    expect(toApiError(RuleViolation.of('amount', 'too large')).status).toBe(400);
    expect(toApiError(new NotFound()).status).toBe(404);
    expect(toApiError(new StateConflict('already voided')).status).toBe(409);
  });
});
