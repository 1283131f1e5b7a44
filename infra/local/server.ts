import { createReadStream } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { routes, type Route } from '../../functions/routes.ts';
import { conflict, internalError, payloadTooLarge } from '../../shared/platform/http/errors.ts';
import { errorResponse } from '../../shared/platform/http/responses.ts';
import { routeMatcher } from '../../shared/platform/http/route-match.ts';
import { deploymentOf, PAGE_FUNCTION_ENTRY } from '../../shared/platform/http/deployment.ts';
import { serialized } from './serial.ts';
import { LOCAL_FILES_PATH, type LocalDownload, type LocalFileFolder } from '../../shared/platform/files/local-folder.ts';
import { BodyTooLarge, GATEWAY_BODY_LIMIT, lambdaContext, readBody, toGatewayEvent, writeGatewayResult } from './http-adapter.ts';

type GatewayHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

const REPOSITORY_ROOT = resolve(import.meta.dirname, '../..');
const fallback = routes.find((route) => route.path === '$default') as Route;
const matchRoute = routeMatcher(routes);

/**
 * What one process serving every request adds to the handlers, standing in for what separate Lambda instances
 * and DynamoDB give on AWS. POSTs of one caller (its Authorization header) to one route queue behind each other
 * rather than race for the route's number series in this one process. A POST carrying an Idempotency-Key that is
 * already being served is answered 409 at once, as the losing instance's transaction is on AWS, instead of
 * queueing behind the first and replaying it.
 */
const inFlightKeys = new Set<string>();

async function serve(route: Route, event: APIGatewayProxyEventV2, handle: () => Promise<APIGatewayProxyResultV2>): Promise<APIGatewayProxyResultV2> {
  if (route.method !== 'POST') return handle();
  const caller = `${route.id}\u0000${event.headers.authorization ?? ''}`;
  const idempotencyKey = event.headers['idempotency-key'];
  if (idempotencyKey === undefined) return serialized(caller, handle);
  const flight = `${caller}\u0000${idempotencyKey}`;
  if (inFlightKeys.has(flight)) return errorResponse(conflict('A request with this Idempotency-Key is still being processed.'));
  inFlightKeys.add(flight);
  try {
    return await serialized(caller, handle);
  } finally {
    inFlightKeys.delete(flight);
  }
}

/** A kept file by its download link, as S3 answers a presigned GET: the file, or 403 when the link is bad or old. */
function serveFile(response: ServerResponse, download: LocalDownload | undefined): void {
  if (!download) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('This link is not valid or has expired.');
    return;
  }
  response.writeHead(200, { 'content-type': download.contentType, 'content-disposition': `attachment; filename="${download.filename}"`, 'cache-control': 'no-store' });
  createReadStream(download.path).pipe(response);
}

/**
 * Serves every row of the route table over HTTP by calling the same handler module the deployed route calls,
 * with the event API Gateway would build. Modules load on first use, like a cold start.
 */
export function createLocalServer(files: () => LocalFileFolder | undefined = () => undefined): Server {
  const loaded = new Map<string, Promise<GatewayHandler>>();
  // A page row is served through its page function, as on AWS, so that function's dispatch is what runs here too.
  const handlerOf = (route: Route): Promise<GatewayHandler> => {
    const deployment = deploymentOf(route);
    const entry = deployment === 'api' ? route.entry : PAGE_FUNCTION_ENTRY[deployment];
    let handler = loaded.get(entry);
    if (!handler) {
      handler = import(pathToFileURL(resolve(REPOSITORY_ROOT, entry)).href).then((module: { handler: GatewayHandler }) => module.handler);
      loaded.set(entry, handler);
    }
    return handler;
  };

  return createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = url.pathname;
      if (path.startsWith(LOCAL_FILES_PATH) && request.method === 'GET') return serveFile(response, files()?.download(url));
      const match = matchRoute(request.method ?? 'GET', path);
      const route = match.kind === 'route' ? match.route : fallback;
      const routeKey = route === fallback ? '$default' : `${route.method} ${route.path}`;
      const event = toGatewayEvent(request, body, routeKey, match.kind === 'route' ? match.params : undefined);
      const handler = await handlerOf(route);
      writeGatewayResult(response, await serve(route, event, () => handler(event, lambdaContext(route.id))));
    } catch (error) {
      const answer = error instanceof BodyTooLarge ? errorResponse(payloadTooLarge(GATEWAY_BODY_LIMIT)) : errorResponse(internalError());
      if (!(error instanceof BodyTooLarge)) console.error('local runtime: handler crashed', error);
      if (!response.headersSent) writeGatewayResult(response, answer);
      else response.destroy();
    }
  });
}
