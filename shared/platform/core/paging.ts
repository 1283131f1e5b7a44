/** Paging rules of the published interface: page >= 1, page_size 1..200 (larger clamps), defaults 1 and 25. */
export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

/**
 * Where a cursor resumes: the offset of the next record, and when the list reads from an index, that record's
 * predecessor's keys (DynamoDB's ExclusiveStartKey without the partition key, which always comes from the
 * credential), so that a walk continues exactly after the last record it saw even while records are added.
 */
export interface Resume {
  readonly offset: number;
  readonly after?: { readonly sk: string; readonly indexKey: string };
}

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  /** Set when the request carried a cursor (beyond the spec: what a sync walking a whole list needs). */
  readonly resume?: Resume;
}

export interface Pagination {
  readonly total_count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly has_next: boolean;
  readonly has_prev: boolean;
  /** Pass as `cursor` for the next page; null on the last one. */
  readonly next_cursor: string | null;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly pagination: Pagination;
}

export function clampPageSize(requested: number): number {
  return Math.min(requested, PAGE_SIZE_MAX);
}

export function offsetOf(request: PageRequest): number {
  return request.resume?.offset ?? (request.page - 1) * request.pageSize;
}

/** A cursor is opaque to clients: base64url of a small JSON object. */
export function encodeJsonCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * Reads a cursor `encodeJsonCursor` wrote: base64url JSON of an object, bounded in length, whose fields `accept`
 * checks and turns into the list's resume point; anything else is not one of ours (undefined).
 */
export function decodeJsonCursor<T>(text: string, accept: (fields: Readonly<Record<string, unknown>>) => T | undefined): T | undefined {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? accept(value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A list's cursor: its resume point. */
export function encodeCursor(resume: Resume): string {
  return encodeJsonCursor(resume.after ? { o: resume.offset, s: resume.after.sk, k: resume.after.indexKey } : { o: resume.offset });
}

export function decodeCursor(cursor: string): Resume | undefined {
  return decodeJsonCursor(cursor, ({ o, s, k }) => {
    if (!Number.isSafeInteger(o) || (o as number) < 0) return undefined;
    if (s === undefined && k === undefined) return { offset: o as number };
    if (typeof s !== 'string' || typeof k !== 'string') return undefined;
    return { offset: o as number, after: { sk: s, indexKey: k } };
  });
}

/** The page a request asks for: from its cursor when it has one, else from page and page_size. */
export function pageRequest(page: number, pageSize: number, cursor: Resume | undefined): PageRequest {
  if (!cursor) return { page, pageSize };
  return { page: Math.floor(cursor.offset / pageSize) + 1, pageSize, resume: cursor };
}

export function paginate<T>(items: readonly T[], request: PageRequest, totalCount: number, lastKeys?: Resume['after']): Page<T> {
  const offset = offsetOf(request);
  const hasNext = offset + items.length < totalCount && items.length > 0;
  return {
    items,
    pagination: {
      total_count: totalCount,
      page: request.page,
      pageSize: request.pageSize,
      has_next: hasNext,
      has_prev: offset > 0,
      next_cursor: hasNext ? encodeCursor({ offset: offset + items.length, ...(lastKeys ? { after: lastKeys } : {}) }) : null,
    },
  };
}

/** One page of a list already read whole (a filtered list, a document's entries), counted by its length. */
export function pageOfList<T, R>(all: readonly T[], request: PageRequest, present: (item: T) => R): Page<R> {
  const start = offsetOf(request);
  return paginate(all.slice(start, start + request.pageSize).map(present), request, all.length);
}
