import type { RouteRow } from './route.ts';

export type RouteMatch<R extends RouteRow = RouteRow> =
  | { readonly kind: 'route'; readonly route: R; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'wrong_method'; readonly allowed: readonly string[] }
  | { readonly kind: 'none' };

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

interface Compiled<R extends RouteRow> {
  readonly route: R;
  readonly pattern: RegExp;
  readonly parameters: number;
}

/** Static segments win over parameters, as in API Gateway: fewer parameters first. */
function compile<R extends RouteRow>(routes: readonly R[]): Compiled<R>[] {
  return routes
    .filter((route) => route.path !== '$default')
    .map((route) => ({
      route,
      pattern: new RegExp(`^${escape(route.path).replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
      parameters: (route.path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);
}

/**
 * A matcher over a route table: finds the route of a request, the way API Gateway would. Used by the local
 * runtime to dispatch and by the `$default` handler to tell an unknown path (404) from a known path with another
 * method (405).
 */
export function routeMatcher<R extends RouteRow>(routes: readonly R[]): (method: string, path: string) => RouteMatch<R> {
  const compiled = compile(routes);
  return (method, path) => {
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
  };
}

/** A malformed percent-escape names no record: null, which the caller answers as an unknown path. */
function decodeParams(groups: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return null;
  }
}
