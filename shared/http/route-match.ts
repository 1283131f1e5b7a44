import { routes, type Route } from '../../functions/routes.ts';

export type RouteMatch =
  | { readonly kind: 'route'; readonly route: Route; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'wrong_method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Static segments win over parameters, as in API Gateway: fewer parameters first. */
const compiled = routes
  .filter((route) => route.path !== '$default')
  .map((route) => ({
    route,
    pattern: new RegExp(`^${escape(route.path).replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
    parameters: (route.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.parameters - b.parameters);

/**
 * Finds the route of a request, the way API Gateway would. Used by the local runtime to dispatch and by the
 * `$default` handler to tell an unknown path (404) from a known path with another method (405).
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const allowed = new Set<string>();
  for (const { route, pattern } of compiled) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (route.method === method) {
      const params = decodeParams(match.groups ?? {});
      return params ? { kind: 'route', route, params } : { kind: 'none' };
    }
    allowed.add(route.method);
  }
  return allowed.size > 0 ? { kind: 'wrong_method', allowed: [...allowed].sort() } : { kind: 'none' };
}

export function routeById<const Id extends Route['id']>(id: Id): Extract<Route, { id: Id }> {
  const route = routes.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route ${id} in functions/routes.ts`);
  return route as Extract<Route, { id: Id }>;
}

/** A malformed percent-escape names no record: null, which the caller answers as an unknown path. */
function decodeParams(groups: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return null;
  }
}
