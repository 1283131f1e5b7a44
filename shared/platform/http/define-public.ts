import type { Contract } from './contract.ts';
import { successResponse, type Success } from './responses.ts';
import type { RouteRow } from './route.ts';
import { buildHandler, type BaseInput, type ResponseOf, type RouteHandler } from './stack.ts';

type PublicRoute = RouteRow & { readonly auth: 'public'; readonly contract: Contract };

/** A route anyone may call, with no credential: the service index, the OpenAPI description and the catch-all. */
export function definePublicHandler<const R extends PublicRoute>(route: R, handle: (input: BaseInput<R>) => Promise<Success<ResponseOf<R>>>): RouteHandler<R> {
  return buildHandler(route, { prepare: async () => ({}), respond: successResponse }, handle);
}

/** The `$default` catch-all: no contract, no credential, and no answer but an error in the API's shape. */
export function defineCatchAll<const R extends RouteRow & { readonly auth: 'public'; readonly path: '$default' }>(route: R, refuse: (input: BaseInput<R>) => Promise<never>): RouteHandler<R> {
  return buildHandler(route, { prepare: async () => ({}), respond: successResponse }, refuse);
}
