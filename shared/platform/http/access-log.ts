import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { logLine } from './logger.ts';

// Keyed by the invocation's event: the local runtime serves many requests at once through one handler module.
const businessOf = new WeakMap<APIGatewayProxyEventV2, string>();
const startedAt = new WeakMap<APIGatewayProxyEventV2, number>();

/** Names the business a request acted for, once its credential is known, for the request's log line. */
export function noteBusiness(event: APIGatewayProxyEventV2, businessId: string): void {
  businessOf.set(event, businessId);
}

/** What one request's log line says. */
interface RequestLine {
  readonly method: string;
  readonly path: string;
  readonly route: string;
  readonly status: number;
  readonly ms: number;
  readonly business_id: string | null;
  readonly request_id: string;
}

/** A line a person reads at a terminal: `POST /api/v1/receipts 201 14ms business=… request=…`. */
export function requestTextLine(line: RequestLine): string {
  return `${line.method} ${line.path} ${line.status} ${line.ms}ms business=${line.business_id ?? '-'} request=${line.request_id}`;
}

/**
 * One line per request, refused ones included: method, path (and route id), status, milliseconds, business and
 * request id. Structured JSON through Powertools' logger (INFO) on AWS and under `LOG_FORMAT=json`; one short text
 * line under `LOG_FORMAT=text`, which `npm start` sets unless told otherwise. The tests' runtime (log level WARN)
 * keeps quiet either way.
 */
export function accessLog(routeId: string, routePath?: string): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> {
  // A path that carries a link's secret token (an invoice's public page, an invitation) is logged as its template.
  const secretPath = routePath?.includes('{token}') ? routePath : undefined;
  const write = async (request: { event: APIGatewayProxyEventV2; response: APIGatewayProxyResultV2 | null | undefined; context: { awsRequestId: string } }) => {
    const response = request.response;
    const line: RequestLine = {
      method: request.event.requestContext.http.method,
      path: secretPath ?? request.event.rawPath,
      route: routeId,
      status: typeof response === 'object' && response !== null ? (response.statusCode ?? 200) : 200,
      ms: Math.round(performance.now() - (startedAt.get(request.event) ?? performance.now())),
      business_id: businessOf.get(request.event) ?? null,
      request_id: request.context.awsRequestId,
    };
    logLine('INFO', 'request', { ...line }, requestTextLine(line));
  };
  return {
    before: async (request) => void startedAt.set(request.event, performance.now()),
    after: write,
    onError: write,
  };
}
