import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { routeMatcher } from '../../shared/platform/http/route-match.ts';

const matchRoute = routeMatcher(routes);

describe('matchRoute', () => {
  it('finds a static route', () => {
    const match = matchRoute('GET', '/api/v1/customers');
    expect(match.kind === 'route' && match.route.id).toBe('customers.list');
  });

  it('extracts path parameters', () => {
    const match = matchRoute('PATCH', '/api/v1/customers/ABC');
    expect(match).toMatchObject({ kind: 'route', params: { id: 'ABC' } });
  });

  it('prefers static segments over parameters', () => {
    const match = matchRoute('GET', '/api/v1/openapi.json');
    expect(match.kind === 'route' && match.route.id).toBe('openapi.get');
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('DELETE', '/api/v1/customers')).toEqual({ kind: 'wrong_method', allowed: ['GET', 'POST'] });
    expect(matchRoute('GET', '/api/v1/nothing')).toEqual({ kind: 'none' });
    expect(matchRoute('GET', '/api/v1/customers/a/b')).toEqual({ kind: 'none' });
  });

  it('treats a malformed escape as an unknown path', () => {
    expect(matchRoute('GET', '/api/v1/customers/%E0%A4%A')).toEqual({ kind: 'none' });
  });

  it('does not let a dot in a template match any character', () => {
    expect(matchRoute('GET', '/api/v1/openapiXjson').kind).not.toBe('route');
  });
});
