import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteRow } from '../../functions/routes.ts';
import { businessA, businessB, call, uniqueName } from './support.ts';

/** How to make a record of each collection, and what to send to each route that names one. */
const fixtures: Record<string, { create: () => Record<string, unknown>; bodies?: Partial<Record<string, unknown>> }> = {
  '/api/v1/customers': { create: () => ({ name: uniqueName('Tenant customer') }), bodies: { PATCH: { name: 'Taken over' } } },
  '/api/v1/vendors': { create: () => ({ name: uniqueName('Tenant vendor') }), bodies: { PATCH: { name: 'Taken over' } } },
  '/api/v1/items': { create: () => ({ name: uniqueName('Tenant item'), type: 'service', sale_price: 10 }), bodies: { PATCH: { status: 'inactive' } } },
  '/api/v1/bank-feeds/accounts': { create: () => ({ name: uniqueName('Tenant account'), kind: 'bank' }) },
};

const collectionOf = (route: RouteRow) => route.path.slice(0, route.path.indexOf('/{id}'));
const idRoutes = routes.filter((route) => route.path.includes('{id}'));
const listRoutes = routes.filter((route) => route.method === 'GET' && route.auth === 'bearer' && !route.path.includes('{'));

describe('tenancy', () => {
  const recordsOfA = new Map<string, { id: string; body: unknown }>();

  beforeAll(async () => {
    for (const [collection, fixture] of Object.entries(fixtures)) {
      const created = await call('POST', collection, { key: businessA.api_key, body: fixture.create() });
      expect(created.status, collection).toBe(201);
      recordsOfA.set(collection, { id: created.body.data.id, body: created.body.data });
    }
  });

  it('has a fixture for every route that names a record', () => {
    for (const route of idRoutes) expect(fixtures[collectionOf(route)], route.id).toBeDefined();
  });

  it.each(idRoutes.map((route) => [route.id, route] as const))(
    "%s: another business's id is exactly an unknown id, and nothing changes",
    async (_id, route) => {
      const collection = collectionOf(route);
      const record = recordsOfA.get(collection)!;
      const body = fixtures[collection]?.bodies?.[route.method];
      const options = { key: businessB.api_key, ...(route.method === 'GET' ? {} : { body: body ?? {} }) };
      const foreign = await call(route.method, route.path.replace('{id}', record.id), options);
      const unknown = await call(route.method, route.path.replace('{id}', '00000000-0000-4000-8000-000000000000'), options);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(unknown.body);
      expect(foreign.text).toBe(unknown.text);
      const after = await call('GET', `${collection}/${record.id}`, { key: businessA.api_key });
      expect(after.body.data).toEqual(record.body);
    },
  );

  it.each(listRoutes.map((route) => [route.id, route] as const))("%s: never lists another business's records", async (_id, route) => {
    const answer = await call('GET', route.path, { key: businessB.api_key });
    expect(answer.status).toBe(200);
    const ofA = new Set([...recordsOfA.values()].map((record) => record.id));
    const listed = JSON.stringify(answer.body.data);
    for (const id of ofA) expect(listed).not.toContain(id);
  });

  it("takes the business from the credential, never from the request", async () => {
    const created = await call('POST', '/api/v1/customers', {
      key: businessB.api_key,
      body: { name: uniqueName('Mine') },
      headers: { 'x-business-id': businessA.id },
    });
    expect(created.status).toBe(201);
    expect((await call('GET', `/api/v1/customers/${created.body.data.id}`, { key: businessA.api_key })).status).toBe(404);
    expect((await call('GET', `/api/v1/customers/${created.body.data.id}`, { key: businessB.api_key })).status).toBe(200);
  });
});
