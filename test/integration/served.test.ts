import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { call } from './support.ts';

/**
 * Every row of the route table is served by its own handler locally: a bearer route asked without a credential
 * answers 401 in the error shape (the catch-all would answer 404 or 405), a public route 200, an OAuth endpoint
 * its RFC 6749 error, and a page HTML or a redirect.
 */
describe('every route in the table is served by the local runtime', () => {
  it.each(routes.filter((route) => route.path !== '$default').map((route) => [route.id, route] as const))('%s', async (_id, route) => {
    const path = route.path.replace(/\{\w+\}/, randomUUID());
    const answer = await call(route.method, path, { key: null, ...(route.method === 'GET' ? {} : { body: {} }) });
    // A public route that opens a record by its link's token answers an unknown one 404, like an unknown path.
    if (route.auth === 'public') expect(answer.status).toBe(route.path.includes('{') ? 404 : 200);
    else if (route.auth === 'client') {
      expect([400, 401]).toContain(answer.status);
      expect(answer.body.error).toMatch(/^invalid_(request|client)$/);
    } else if (route.auth === 'rail') {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('unauthorized');
    } else if (route.auth === 'browser') {
      expect([200, 302, 303, 400, 404]).toContain(answer.status);
      // A page, the stylesheet or the editor's script, or the way to sign in.
      expect(answer.headers.get('content-type') ?? answer.headers.get('location') ?? '').toMatch(/text\/html|text\/css|text\/javascript|\/oauth\//);
    } else {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('unauthorized');
    }
  });
});
