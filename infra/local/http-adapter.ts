import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isUtf8 } from 'node:buffer';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';

/** API Gateway refuses bodies over 10 MB before any function runs; the local runtime does the same. */
export const GATEWAY_BODY_LIMIT = 10 * 1024 * 1024;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|[\w.+-]+\+json)|text\/)/i;

export class BodyTooLarge extends Error {}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > GATEWAY_BODY_LIMIT) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Builds the HTTP API (payload format 2.0) event that API Gateway would hand the deployed function: lowercased
 * headers with repeats joined by commas, cookies apart, repeated query values joined, text bodies as text and
 * anything else base64-encoded.
 */
export function toGatewayEvent(
  request: IncomingMessage,
  body: Buffer,
  routeKey: string,
  pathParameters: Readonly<Record<string, string>> | undefined,
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = (request.rawHeaders[index] ?? '').toLowerCase();
    const value = request.rawHeaders[index + 1] ?? '';
    if (name === 'cookie') continue;
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  const cookies = request.headers.cookie?.split(';').map((cookie) => cookie.trim()).filter(Boolean);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  // Bytes that are not valid UTF-8 cannot travel as a JSON string: like binary, they are sent base64-encoded.
  const isText = body.byteLength === 0 || (TEXT_TYPES.test(headers['content-type'] ?? '') && isUtf8(body));
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(pathParameters && Object.keys(pathParameters).length ? { pathParameters: { ...pathParameters } } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.byteLength > 0 ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.byteLength > 0 && !isText,
  };
}

export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Writes a function's result back as API Gateway would, including its inference for a bare returned value. */
export function writeGatewayResult(response: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result === 'string' || typeof result !== 'object' || result === null || !('statusCode' in result)) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string> | undefined) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  const body = result.body ?? '';
  response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
