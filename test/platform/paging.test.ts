import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOfList, pageRequest, paginate } from '../../shared/platform/core/paging.ts';
import { PagingQuery } from '../../shared/platform/core/fields.ts';

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
    expect(paginate([1, 2], { page: 1, pageSize: 2 }, 5).pagination).toEqual({ total_count: 5, page: 1, pageSize: 2, has_next: true, has_prev: false, next_cursor: encodeCursor({ offset: 2 }) });
    expect(paginate([5], { page: 3, pageSize: 2 }, 5).pagination).toMatchObject({ has_next: false, has_prev: true });
    expect(paginate([], { page: 9, pageSize: 2 }, 5).pagination).toMatchObject({ has_next: false, has_prev: true });
  });
});

describe('pageOfList', () => {
  it('slices a whole list into the asked page and counts the whole', () => {
    const page = pageOfList([1, 2, 3, 4, 5], { page: 2, pageSize: 2 }, (n) => n * 10);
    expect(page).toEqual({ items: [30, 40], pagination: { total_count: 5, page: 2, pageSize: 2, has_next: true, has_prev: true, next_cursor: encodeCursor({ offset: 4 }) } });
    expect(pageOfList([1], { page: 3, pageSize: 2 }, String).items).toEqual([]);
  });
});

describe('cursors', () => {
  it('round-trip their resume point and carry the last keys read', () => {
    const resume = { offset: 400, after: { sk: 'DOC#x', indexKey: 'invoice#2026-01-01#000000000007' } };
    expect(decodeCursor(encodeCursor(resume))).toEqual(resume);
    const next = paginate([1, 2], { page: 1, pageSize: 2 }, 5, resume.after).pagination.next_cursor!;
    expect(decodeCursor(next)).toEqual({ offset: 2, after: resume.after });
  });

  it('give the page a cursor lands on, and none after the last page', () => {
    expect(pageRequest(1, 25, { offset: 50 })).toEqual({ page: 3, pageSize: 25, resume: { offset: 50 } });
    expect(paginate([5], { page: 3, pageSize: 2 }, 5).pagination.next_cursor).toBeNull();
  });

  it.each(['', 'not a cursor', Buffer.from('[1]').toString('base64url'), Buffer.from('{"o":-1}').toString('base64url'), Buffer.from('{"o":1,"s":"x"}').toString('base64url'), 'x'.repeat(3000)])('refuses %j', (text) => {
    expect(decodeCursor(text)).toBeUndefined();
    expect(v.safeParse(Query, { cursor: text }).success).toBe(false);
  });
});
