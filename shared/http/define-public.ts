import { successResponse, type Success } from './responses.ts';
import type { RouteRow } from './route.ts';
import { buildHandler, type BaseInput, type RouteHandler } from './stack.ts';

type PublicRoute = RouteRow & { readonly auth: 'public' };

/** A route anyone may call, with no credential: the service index, the OpenAPI description and the catch-all. */
export function definePublicHandler<const R extends PublicRoute>(route: R, handle: (input: BaseInput<R>) => Promise<Success>): RouteHandler<R> {
  return buildHandler(route, { prepare: async () => ({}), respond: successResponse }, handle);
}
