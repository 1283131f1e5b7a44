import { defineCatchAll } from '../../../shared/platform/http/define-public.ts';
import { methodNotAllowed, noSuchRoute } from '../../../shared/platform/http/errors.ts';
import { routeMatcher } from '../../../shared/platform/http/route-match.ts';
import { routes } from '../../routes.ts';
import { fallbackRoutes } from './routes.ts';

// The catch-all (with the OpenAPI description) is the one function that reads the whole table: it tells an
// unknown path (404) from a known path asked with another method (405).
const matchRoute = routeMatcher(routes);

/** The `$default` route: whatever no row of the table matches, answered in the error shape. */
export const handler = defineCatchAll(fallbackRoutes.any, async ({ event }) => {
  const match = matchRoute(event.requestContext.http.method, event.rawPath);
  throw match.kind === 'wrong_method' ? methodNotAllowed(match.allowed) : noSuchRoute();
});
