import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { logger } from './logger.ts';

// Keyed by the invocation's event: the local runtime serves many requests at once through one handler module.
const businessOf = new WeakMap<APIGatewayProxyEventV2, string>();
const startedAt = new WeakMap<APIGatewayProxyEventV2, number>();

/** Names the business a request acted for, once its credential is known, for the request's log line. */
export function noteBusiness(event: APIGatewayProxyEventV2, businessId: string): void {
  businessOf.set(event, businessId);
}

/**
 * One structured line per request, refused ones included: method, route id, status, milliseconds, business and
 * request id (Powertools logger, INFO). On AWS it is the function's access log; `npm start` prints it, and the
 * tests' runtime (log level WARN) keeps quiet.
 */
export function accessLog(routeId: string): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> {
  const write = async (request: { event: APIGatewayProxyEventV2; response: APIGatewayProxyResultV2 | null | undefined; context: { awsRequestId: string } }) => {
    const response = request.response;
    logger.info('request', {
      method: request.event.requestContext.http.method,
      route: routeId,
      status: typeof response === 'object' && response !== null ? (response.statusCode ?? 200) : 200,
      ms: Math.round(performance.now() - (startedAt.get(request.event) ?? performance.now())),
      business_id: businessOf.get(request.event) ?? null,
      request_id: request.context.awsRequestId,
    });
  };
  return {
    before: async (request) => void startedAt.set(request.event, performance.now()),
    after: write,
    onError: write,
  };
}
