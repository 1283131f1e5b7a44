import { describe, expect, it } from 'vitest';
import { call, uniqueName } from './support.ts';

describe('ids', () => {
  it.each([
    ['/api/v1/customers', { name: 'Id forms customer' }],
    ['/api/v1/vendors', { name: 'Id forms vendor' }],
    ['/api/v1/items', { name: 'Id forms item', type: 'service' }],
    ['/api/v1/bank-feeds/accounts', { name: 'Id forms account', kind: 'cash' }],
  ])('%s: dashed, undashed and upper-case ids reach one record, returned lowercase and dashed', async (path, body) => {
    const created = await call('POST', path, { body: { ...body, name: uniqueName(body.name) } });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const form of [id, id.replaceAll('-', ''), id.toUpperCase(), id.replaceAll('-', '').toUpperCase()]) {
      const answer = await call('GET', `${path}/${form}`);
      expect(answer.status, form).toBe(200);
      // A party's GET adds its unapplied credit, which its creation's answer does not carry.
      const party = path === '/api/v1/customers' || path === '/api/v1/vendors';
      expect(answer.body.data).toEqual(party ? { ...created.body.data, credit_balance: [] } : created.body.data);
    }
  });

  it('answers an id that is not a UUID exactly like an unknown one', async () => {
    const unknown = await call('GET', '/api/v1/customers/00000000-0000-4000-8000-000000000000');
    const malformed = await call('GET', '/api/v1/customers/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(unknown.body);
  });
});
