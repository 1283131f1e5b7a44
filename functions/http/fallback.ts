import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { httpBoundary } from '../../shared/http/boundary.ts';
import { methodNotAllowed, noSuchRoute } from '../../shared/http/errors.ts';
import { logger } from '../../shared/http/logger.ts';
import { matchRoute } from '../../shared/http/route-match.ts';

/**
 * The `$default` route: whatever no row of the table matches. A known path asked with another method is a 405
 * naming the allowed methods; anything else is a 404 in the error shape.
 */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(httpBoundary())
  .handler(async (event) => {
    const match = matchRoute(event.requestContext.http.method, event.rawPath);
    throw match.kind === 'wrong_method' ? methodNotAllowed(match.allowed) : noSuchRoute();
  });
