import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type * as v from 'valibot';
import type { Route } from '../../functions/routes.ts';
import { NotFound } from '../domain/errors.ts';
import { normalizeId, type Id } from '../domain/ids.ts';
import type { Credential } from '../keys/credential.ts';
import { authentication, credentialOf } from './authenticate.ts';
import { httpBoundary } from './boundary.ts';
import { jsonBody, jsonBodyOf } from './json-body.ts';
import { contracts, type ContractId } from './contracts.ts';
import { logger } from './logger.ts';
import { successResponse, type Success } from './responses.ts';
import { routeById } from './route-match.ts';
import { parseInput, refuseAnyQuery } from './validate.ts';

type ContractOf<R extends ContractId> = (typeof contracts)[R];
type Parsed<C, K extends string> = C extends { readonly [P in K]: infer S extends v.GenericSchema } ? v.InferOutput<S> : undefined;
type RouteOf<R extends ContractId> = Extract<Route, { id: R }>;
type Authenticated<R extends ContractId> = RouteOf<R>['auth'] extends 'public'
  ? { readonly credential: null; readonly businessId: null }
  : { readonly credential: Credential; readonly businessId: Id };
type PathId<R extends ContractId> = RouteOf<R>['path'] extends `${string}{id}${string}` ? { readonly id: Id } : unknown;

export type HandlerInput<R extends ContractId> = Authenticated<R> &
  PathId<R> & {
    readonly body: Parsed<ContractOf<R>, 'body'>;
    readonly query: Parsed<ContractOf<R>, 'query'>;
    readonly event: APIGatewayProxyEventV2;
  };

/**
 * The one handler stack. A handler module is `export const handler = defineHandler('<route id>', async (input) => …)`:
 * its route row gives the auth and scope, its contract gives the schemas; the handler sees validated, typed
 * input and the business of the verified credential, and returns `ok(...)` or `created(...)`.
 */
export function defineHandler<const RId extends ContractId>(
  routeId: RId,
  handle: (input: HandlerInput<RId>) => Promise<Success>,
) {
  const route: Route = routeById(routeId);
  const contract: ContractOf<RId> = contracts[routeId];
  const stack = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpBoundary())
    .use(authentication(route));
  if ('body' in contract) stack.use(jsonBody());

  return stack.handler(async (event) => {
    const credential = route.auth === 'bearer' || route.auth === 'api_key:webhooks' ? credentialOf(event) : null;
    const input: Record<string, unknown> = {
      event,
      credential,
      businessId: credential?.businessId ?? null,
      body: 'body' in contract ? parseInput(contract.body, jsonBodyOf(event), 'body') : undefined,
      query: 'query' in contract ? parseInput(contract.query, event.queryStringParameters ?? {}, 'query') : refuseAnyQuery(event),
    };
    if (route.path.includes('{id}')) {
      // A path id that is not a UUID names no record: it is answered exactly like an unknown one.
      const id = normalizeId(event.pathParameters?.id ?? '');
      if (!id) throw new NotFound();
      input.id = id;
    }
    return successResponse(await handle(input as HandlerInput<RId>));
  });
}
