import { actingAs, serviceActor } from '../trail/acting.ts';
import type { AuditActor } from '../trail/entry.ts';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type * as v from 'valibot';
import { NotFound } from '../core/errors.ts';
import type { ExactDecimal } from '../core/money.ts';
import { normalizeId, type Id } from '../core/ids.ts';
import { httpBoundary, withHeaders, type ErrorResponder } from './boundary.ts';
import type { Contract } from './contract.ts';
import { logger } from './logger.ts';
import { accessLog, noteBusiness } from './access-log.ts';
import { count, telemetry } from '../observability/telemetry.ts';
import { withWriteGate } from '../db/write-gate.ts';
import { METRIC } from '../observability/metric-names.ts';
import { isPosting } from '../limits/rate-limits.ts';
import type { RouteRow } from './route.ts';
import { parseInput, refuseAnyQuery } from './validate.ts';
import type { XmlBody } from './json-body.ts';

type ContractOf<R extends RouteRow> = R extends { readonly contract: infer C } ? C : undefined;
type Read<R extends RouteRow, K extends 'body' | 'query'> = ContractOf<R> extends { readonly [P in K]: infer S extends v.GenericSchema } ? v.InferOutput<S> : undefined;
/** A body or query as validated; a route that also consumes XML gets its text as `{ xml }` instead of a JSON body. */
export type Parsed<R extends RouteRow, K extends 'body' | 'query'> = K extends 'body' ? (ContractOf<R> extends { readonly consumes: 'application/xml' } ? Read<R, K> | XmlBody : Read<R, K>) : Read<R, K>;
type PathId<R extends RouteRow> = R['path'] extends `${string}{id}${string}` ? { readonly id: Id } : unknown;

/**
 * The `{id}` of a handler's input where its row is a type parameter (a handler factory shared by several rows):
 * TypeScript cannot resolve `PathId` through it, though every such row's path has `{id}`.
 */
export const pathIdOf = (input: unknown): Id => (input as { readonly id: Id }).id;

/**
 * The wire form of a response type: read-only (stored records fit as they are), and a JSON number may be given as
 * an ExactDecimal, which the response writer puts out as a number digit for digit.
 */
type Wire<T> = T extends number ? number | ExactDecimal : T extends (infer E)[] ? readonly Wire<E>[] : T extends object ? { readonly [K in keyof T]: Wire<T[K]> } : T;

/** What a handler answers: the `data` its contract's response schema describes. */
export type ResponseOf<R extends RouteRow & { readonly contract: Contract }> =
  | Wire<v.InferInput<R['contract']['response']>>
  | (R['contract'] extends { readonly accepted: { readonly response: infer A extends v.GenericSchema } } ? Wire<v.InferInput<A>> : never)
  // A file's name, when the route may answer with a file instead (`pdf(...)`).
  | (R['contract'] extends { readonly alsoProduces: string } ? string : never);

/** What every handler gets, whatever its kind: the event, its validated query and the record id of its path. */
export type BaseInput<R extends RouteRow> = PathId<R> & {
  readonly event: APIGatewayProxyEventV2;
  readonly query: Parsed<R, 'query'>;
};

/** A handler module's export: the Lambda handler, carrying the row it serves so a test can check the wiring. */
export type RouteHandler<R extends RouteRow> = ((event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>) & { readonly route: R };

/** How one kind of route (its `auth`) authenticates its caller and reads its body. */
export interface RouteKind<R extends RouteRow, Extra, Out> {
  /** Answers an error in the kind's shape (the API's error shape, RFC 6749's, an HTML page). */
  readonly respondError?: ErrorResponder;
  /** Authenticates the caller and reads the body, in the order the kind needs; answers what the handler gets. */
  prepare(event: APIGatewayProxyEventV2, route: R): Promise<Extra>;
  /** Writes what the handler returned as the HTTP answer. */
  respond(out: Out): APIGatewayProxyResultV2;
  /** Headers every answer after `prepare` carries, success or refusal (a bearer route's rate-limit fields). */
  headersOf?(extra: Extra): Readonly<Record<string, string>>;
  /**
   * What the request's writes wait for, decided beside its reads (a bearer route's quota): every DynamoDB write of
   * the handler is held until it resolves, and its refusal is the answer, whatever the handler did.
   */
  gate?(extra: Extra): Promise<void>;
  /** The business the caller acts for, once `prepare` knows it (for the request's log line). */
  businessOf?(extra: Extra): string;
  /** Who the verified caller is, named by every audit entry the request writes; the service when a kind has none. */
  actorOf?(extra: Extra): AuditActor;
}

/**
 * The one handler stack, for every kind of route: the Powertools logger, the size check and the error shape
 * (outermost), then the kind's authenticator and body parser, the query and path checks, the handler, the
 * answer. Each kind's authenticator lives in its own module (define-*.ts) and is handed in here, so a route's
 * bundle carries its own kind's code only (a public route no JWT library, a bearer route no payout rail).
 */
export function buildHandler<R extends RouteRow, Extra, Out>(route: R, kind: RouteKind<R, Extra, Out>, handle: (input: BaseInput<R> & Extra) => Promise<Out>): RouteHandler<R> {
  const contract: Contract | undefined = route.contract;
  const stack = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(telemetry())
    .use(accessLog(route.id, route.path))
    .use(httpBoundary(kind.respondError));
  const posting = isPosting(route.method, route.scope);
  const handler = stack.handler(async (event) => {
    const extra = await kind.prepare(event, route);
    const businessId = kind.businessOf?.(extra);
    if (businessId) noteBusiness(event, businessId);
    const gate = kind.gate?.(extra);
    let response: APIGatewayProxyResultV2 | undefined;
    let failure: { readonly error: unknown } | undefined;
    try {
      response = gate ? await withWriteGate(gate, () => answer(event, extra)) : await answer(event, extra);
    } catch (error) {
      failure = { error };
    }
    // The gate's refusal (429) is the answer, whatever the handler did: it could write nothing.
    if (gate) await gate;
    const headers = kind.headersOf?.(extra);
    if (failure) throw headers ? withHeaders(failure.error, headers) : failure.error;
    return !headers || typeof response === 'string' ? response! : { ...response!, headers: { ...response!.headers, ...headers } };
  });

  async function answer(event: APIGatewayProxyEventV2, extra: Extra): Promise<APIGatewayProxyResultV2> {
    const input: Record<string, unknown> = {
      ...extra,
      event,
      // Pages read their own query parameters (an authorization request); every API route declares its own.
      query: contract?.query ? parseInput(contract.query, event.queryStringParameters ?? {}, 'query') : contract ? refuseAnyQuery(event) : undefined,
    };
    if (route.path.includes('{id}')) {
      // A path id that is not a UUID names no record: it is answered exactly like an unknown one.
      const id = normalizeId(event.pathParameters?.id ?? '');
      if (!id) throw new NotFound();
      input.id = id;
    }
    const acting = { actor: kind.actorOf?.(extra) ?? serviceActor(route.id), requestId: event.requestContext?.requestId ?? null, clientIp: event.requestContext?.http?.sourceIp ?? null };
    const response = kind.respond(await actingAs(acting, () => handle(input as BaseInput<R> & Extra)));
    // A posting route's success is a committed posting (an idempotent replay answers 201 too, and counts again).
    if (posting && typeof response !== 'string' && response.statusCode === 201) count(METRIC.postings);
    return response;
  }
  return Object.assign(handler, { route }) as unknown as RouteHandler<R>;
}
