import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';

const root = resolve(import.meta.dirname, '../..');

describe('the route table', () => {
  it.each(routes.map((route) => [route.id, route.entry, route] as const))('%s: %s exports a handler that declares this very row', async (_id, entry, route) => {
    expect(existsSync(resolve(root, entry))).toBe(true);
    const module = (await import(pathToFileURL(resolve(root, entry)).href)) as { handler?: { route?: unknown } };
    expect(typeof module.handler).toBe('function');
    // Pointing a row's entry at another route's module (customers.get at vendors/get.ts) fails here.
    expect(module.handler?.route).toBe(route);
  });

  it('has unique ids and one row per method and path', () => {
    expect(new Set(routes.map((route) => route.id)).size).toBe(routes.length);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every route but the catch-all and the browser pages a contract, and those none', () => {
    for (const route of routes) expect('contract' in route, route.id).toBe(route.path !== '$default' && route.auth !== 'browser');
  });

  it('keeps each row in the routes module of the folder its handler lives in', () => {
    // functions/<domain>/<feature>/<handler>.ts (or a domain's pages), beside the routes.ts that holds its row.
    for (const route of routes) {
      expect(route.entry, route.id).toMatch(/^functions\/[a-z-]+\/([a-z-]+\/)?[\w-]+\.ts$/);
      expect(existsSync(join(root, route.entry)), route.entry).toBe(true);
      expect(existsSync(join(root, dirname(route.entry), 'routes.ts')), route.entry).toBe(true);
    }
  });

  it("puts every data route under /api/v1, OAuth under /oauth, the dashboard under /dashboard, invitations under /invitations/, rail calls under /rails, an invoice's public page under /i/, and requires a scope on every bearer route but those that ask for it inside", () => {
    // The business profile is readable by any credential of the business; the lock date's scope depends on the
    // direction it moves (later: finance_ledger:update, earlier: settings_business:manage), checked by its use case;
    // an attachment's is its record's feature's, known once the body or the attachment is read.
    const scopedInside = new Set(['business.get', 'business.lockDate', 'attachments.create', 'attachments.list', 'attachments.get', 'attachments.delete']);
    expect(routes.filter((route) => route.auth === 'bearer' && route.scope === null).map((route) => route.id).sort()).toEqual([...scopedInside].sort());
    const homes = (auth: string) => (auth === 'browser' ? ['/oauth/', '/dashboard', '/assets/', '/invitations/'] : auth === 'client' ? ['/oauth/'] : auth === 'rail' ? ['/rails/'] : auth === 'public' ? ['/api/v1', '/i/'] : ['/api/v1']);
    for (const route of routes) {
      if (route.path !== '$default') expect(homes(route.auth).some((home) => route.path.startsWith(home)), route.id).toBe(true);
      if (route.auth === 'bearer' && !scopedInside.has(route.id)) expect(route.scope, route.id).not.toBeNull();
    }
  });
});
