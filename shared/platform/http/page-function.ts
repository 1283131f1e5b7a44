import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { methodNotAllowed, noSuchRoute } from './errors.ts';
import { errorResponse } from './responses.ts';
import type { RouteRow } from './route.ts';
import { routeMatcher } from './route-match.ts';

export type GatewayHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** A page module, loaded when its row is first asked for (so a cold start evaluates only what that page needs). */
export type PageModuleLoader = (entry: string) => Promise<{ readonly handler: GatewayHandler }>;

/**
 * One function serving many rows of the route table (all dashboard pages, or the public pages): it matches the
 * request against its rows as API Gateway would, hands the row's own handler the event that row's route would
 * have received (its route key and path parameters), and answers what matches none as the catch-all does (404,
 * or 405 naming the methods). The rows keep their handlers, stacks and tests; only where they run changes.
 */
export function pageFunction(rows: readonly RouteRow[], load: PageModuleLoader): GatewayHandler {
  const match = routeMatcher(rows);
  const handlers = new Map<string, Promise<GatewayHandler>>();
  const handlerOf = (entry: string) => {
    let handler = handlers.get(entry);
    if (!handler) {
      handler = load(entry).then((module) => module.handler);
      // A module that failed to load is tried again on the next request rather than kept broken.
      handler.catch(() => handlers.delete(entry));
      handlers.set(entry, handler);
    }
    return handler;
  };
  return async (event, context) => {
    const found = match(event.requestContext.http.method, event.rawPath);
    if (found.kind === 'wrong_method') return errorResponse(methodNotAllowed(found.allowed));
    if (found.kind === 'none') return errorResponse(noSuchRoute());
    const { route, params } = found;
    const routed: APIGatewayProxyEventV2 = { ...event, routeKey: `${route.method} ${route.path}`, ...(Object.keys(params).length > 0 ? { pathParameters: { ...params } } : {}) };
    if (Object.keys(params).length === 0) delete routed.pathParameters;
    return (await handlerOf(route.entry))(routed, context);
  };
}
