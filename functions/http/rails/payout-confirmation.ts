import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { confirmPayout } from '../../../shared/banking/rails.ts';
import { httpBoundary } from '../../../shared/http/boundary.ts';
import { unsupportedMediaType } from '../../../shared/http/errors.ts';
import { bodyText, isJsonMediaType } from '../../../shared/http/json-body.ts';
import { logger } from '../../../shared/http/logger.ts';
import { successResponse } from '../../../shared/http/responses.ts';

/**
 * A bank's payout confirmation. It is not parsed before its signature is checked: the signature covers the raw
 * body as sent, byte for byte.
 */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(httpBoundary())
  .handler(async (event) => {
    if (!isJsonMediaType(event.headers['content-type'])) throw unsupportedMediaType();
    const body = bodyText(event);
    const result = await confirmPayout(event.pathParameters?.rail_id ?? '', event.headers['rail-signature'], body);
    return successResponse({ status: 200, message: result.replayed ? 'Already recorded' : 'Payout recorded', data: result });
  });
