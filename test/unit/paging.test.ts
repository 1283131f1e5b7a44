import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pageOfList, paginate } from '../../shared/domain/paging.ts';
import { PagingQuery } from '../../shared/domain/fields.ts';

const Query = v.strictObject(PagingQuery);

describe('paging query', () => {
  it('defaults to page 1 of 25', () => {
    expect(v.parse(Query, {})).toEqual({ page: 1, page_size: 25 });
  });

  it('clamps page_size above 200 to 200', () => {
    expect(v.parse(Query, { page_size: '500' })).toEqual({ page: 1, page_size: 200 });
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['page', ''],
    ['page_size', '0'],
    ['page_size', '-5'],
    ['page_size', '2.0'],
    ['page', '99999999999999999999'],
  ])('refuses %s=%j', (name, value) => {
    const result = v.safeParse(Query, { [name]: value });
    expect(result.success).toBe(false);
  });
});

describe('paginate', () => {
  it('tells whether pages lie before and after', () => {
    expect(paginate([1, 2], { page: 1, pageSize: 2 }, 5).pagination).toEqual({ total_count: 5, page: 1, pageSize: 2, has_next: true, has_prev: false });
    expect(paginate([5], { page: 3, pageSize: 2 }, 5).pagination).toMatchObject({ has_next: false, has_prev: true });
    expect(paginate([], { page: 9, pageSize: 2 }, 5).pagination).toMatchObject({ has_next: false, has_prev: true });
  });
});

describe('pageOfList', () => {
  it('slices a whole list into the asked page and counts the whole', () => {
    const page = pageOfList([1, 2, 3, 4, 5], { page: 2, pageSize: 2 }, (n) => n * 10);
    expect(page).toEqual({ items: [30, 40], pagination: { total_count: 5, page: 2, pageSize: 2, has_next: true, has_prev: true } });
    expect(pageOfList([1], { page: 3, pageSize: 2 }, String).items).toEqual([]);
  });
});
