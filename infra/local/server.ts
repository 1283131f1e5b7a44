import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import busboy from 'busboy';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { routes, type Route } from '../../functions/routes.ts';
import { conflict, internalError, payloadTooLarge } from '../../shared/platform/http/errors.ts';
import { errorResponse } from '../../shared/platform/http/responses.ts';
import { routeMatcher } from '../../shared/platform/http/route-match.ts';
import { deploymentOf, PAGE_FUNCTION_ENTRY } from '../../shared/platform/http/deployment.ts';
import { serialized } from './serial.ts';
import { LOCAL_ATTACHMENTS_PATH, LOCAL_FILES_PATH, type LocalDownload, type LocalFileFolder, type UploadAnswer } from '../../shared/platform/files/local-folder.ts';
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

/** The folders that stand in for the records bucket, once the runtime has made them, and what it does with an upload. */
export interface LocalStores {
  readonly records?: () => LocalFileFolder | undefined;
  readonly attachments?: () => LocalFileFolder | undefined;
  /** Told of each upload kept, as the bucket notifies its queue. */
  readonly uploaded?: (key: string, size: number) => void;
}

/**
 * An upload form as S3 takes a presigned POST: multipart/form-data, the policy's fields first and the file last,
 * streamed to the folder (never held whole, and never through the 10 MB limit of the API's bodies).
 */
function receiveForm(request: IncomingMessage, folder: LocalFileFolder): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let receiving: Promise<UploadAnswer> | undefined;
    let form: busboy.Busboy;
    try {
      // A browser sends the chosen file's name as UTF-8 bytes; busboy reads a parameter as latin1 unless told.
      form = busboy({ headers: request.headers, defParamCharset: 'utf8', limits: { fields: 20, fieldSize: 16 * 1024, files: 1 } });
    } catch {
      resolve({ ok: false, status: 400, code: 'InvalidRequest', message: 'The upload must be sent as multipart/form-data.' });
      return;
    }
    form.on('field', (name, value) => void (fields[name] = value));
    form.on('file', (name, file, info) => {
      if (name !== 'file' || receiving) return void file.resume();
      receiving = folder.receive({ fields: { ...fields }, fileName: info.filename ?? '', file });
    });
    form.on('close', () => (receiving ?? Promise.resolve<UploadAnswer>({ ok: false, status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' })).then(resolve, reject));
    form.on('error', () => resolve({ ok: false, status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data.' }));
    request.pipe(form);
  });
}

/** S3's answers to a POST: 204 when kept (303 to the form's redirect, naming the object, when it has one); an XML error otherwise. */
function answerUpload(response: ServerResponse, answer: UploadAnswer): void {
  if (answer.ok && answer.redirect) {
    const location = new URL(answer.redirect);
    for (const [name, value] of Object.entries({ bucket: 'local', key: answer.key })) location.searchParams.set(name, value);
    return void response.writeHead(303, { location: location.href }).end();
  }
  if (answer.ok) return void response.writeHead(204).end();
  response.writeHead(answer.status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${answer.code}</Code><Message>${answer.message}</Message></Error>`);
}

/**
 * Serves every row of the route table over HTTP by calling the same handler module the deployed route calls,
 * with the event API Gateway would build. Modules load on first use, like a cold start.
 */
export function createLocalServer(stores: LocalStores = {}): Server {
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
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = url.pathname;
      const attachments = stores.attachments?.();
      if (path === LOCAL_ATTACHMENTS_PATH && request.method === 'POST' && attachments) {
        const answer = await receiveForm(request, attachments);
        if (answer.ok) stores.uploaded?.(answer.key, answer.size);
        return answerUpload(response, answer);
      }
      if (path.startsWith(LOCAL_ATTACHMENTS_PATH) && request.method === 'GET') return serveFile(response, attachments?.download(url));
      const body = await readBody(request);
      if (path.startsWith(LOCAL_FILES_PATH) && request.method === 'GET') return serveFile(response, stores.records?.()?.download(url));
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
