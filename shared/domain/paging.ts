/** Paging rules of the published interface: page >= 1, page_size 1..200 (larger clamps), defaults 1 and 25. */
export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
}

export interface Pagination {
  readonly total_count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly has_next: boolean;
  readonly has_prev: boolean;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly pagination: Pagination;
}

export function clampPageSize(requested: number): number {
  return Math.min(requested, PAGE_SIZE_MAX);
}

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.pageSize;
}

export function paginate<T>(items: readonly T[], request: PageRequest, totalCount: number): Page<T> {
  return {
    items,
    pagination: {
      total_count: totalCount,
      page: request.page,
      pageSize: request.pageSize,
      has_next: offsetOf(request) + items.length < totalCount,
      has_prev: request.page > 1,
    },
  };
}

/** One page of a list already read whole (a filtered list, a document's entries), counted by its length. */
export function pageOfList<T, R>(all: readonly T[], request: PageRequest, present: (item: T) => R): Page<R> {
  const start = offsetOf(request);
  return paginate(all.slice(start, start + request.pageSize).map(present), request, all.length);
}
