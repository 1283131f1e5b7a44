import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshBusiness } from './support.ts';

describe('paging of a party list', () => {
  let key: string;
  const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha'];

  beforeAll(async () => {
    ({ key } = await freshBusiness());
    for (const name of names) {
      const answer = await call('POST', '/api/v1/customers', { key, body: { name } });
      expect(answer.status).toBe(201);
    }
  });

  const list = (query: string) => call('GET', `/api/v1/customers${query}`, { key });

  it('defaults to page 1 of 25 with the page block', async () => {
    const answer = await list('');
    expect(answer.body.data.pagination).toEqual({ total_count: 6, page: 1, pageSize: 25, has_next: false, has_prev: false });
    expect(answer.body.data.items).toHaveLength(6);
  });

  it('orders by name case-insensitively, then by id, stable across pages', async () => {
    const whole = (await list('?page_size=200')).body.data.items as { id: string; name: string }[];
    expect(whole.map((customer) => customer.name.toLowerCase())).toEqual(['alpha', 'alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const [first, second] = whole.filter((customer) => customer.name.toLowerCase() === 'alpha');
    expect(first!.id < second!.id).toBe(true);
    const paged = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await list(`?page=${page}&page_size=2`)).body.data.items);
    expect(paged).toEqual(whole);
  });

  it('tells has_next and has_prev', async () => {
    expect((await list('?page=1&page_size=2')).body.data.pagination).toEqual({ total_count: 6, page: 1, pageSize: 2, has_next: true, has_prev: false });
    expect((await list('?page=2&page_size=2')).body.data.pagination).toMatchObject({ has_next: true, has_prev: true });
    expect((await list('?page=3&page_size=2')).body.data.pagination).toMatchObject({ has_next: false, has_prev: true });
  });

  it('answers a page past the end with no items', async () => {
    const answer = await list('?page=50&page_size=2');
    expect(answer.status).toBe(200);
    expect(answer.body.data.items).toEqual([]);
    expect(answer.body.data.pagination).toMatchObject({ total_count: 6, page: 50, has_next: false, has_prev: true });
  });

  it('clamps page_size above 200 to 200', async () => {
    expect((await list('?page_size=500')).body.data.pagination.pageSize).toBe(200);
  });

  it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'page_size=0', 'page_size=-3', 'page_size=2.5', 'page_size='])('refuses %s with 400 naming the parameter', async (query) => {
    const answer = await list(`?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('validation_error');
    expect(answer.body.details[0].field).toBe(query.split('=')[0]);
  });

  it('refuses an unknown query parameter', async () => {
    const answer = await list('?sort=name');
    expect(answer.status).toBe(400);
    expect(answer.body.details[0]).toEqual({ field: 'sort', message: 'is not a known field' });
  });
});

describe('the other paged lists', () => {
  it.each(['/api/v1/vendors', '/api/v1/bank-feeds/accounts'])('%s uses the same page block and rules', async (path) => {
    const { key } = await freshBusiness();
    const body = path.includes('bank') ? { name: 'Operating', kind: 'bank' } : { name: 'Supplier' };
    expect((await call('POST', path, { key, body })).status).toBe(201);
    const answer = await call('GET', `${path}?page_size=1000`, { key });
    expect(answer.body.data.pagination).toEqual({ total_count: 1, page: 1, pageSize: 200, has_next: false, has_prev: false });
    expect((await call('GET', `${path}?page=0`, { key })).status).toBe(400);
  });
});
