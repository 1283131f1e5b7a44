import { QueryCommand as RawQueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.ts';
import type { Key } from './keys.ts';
import type { Id } from '../core/ids.ts';

export type Item = Record<string, unknown>;

export async function getItem(key: Key): Promise<Item | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item;
}

const keyId = (key: { pk: unknown; sk: unknown }) => `${key.pk as string}\u0000${key.sk as string}`;

/**
 * Reads many items with strongly consistent BatchGetItems of up to 100 keys, side by side: one round trip however
 * many keys (a report of a past date reads the documents closed since, hundreds or thousands), more only when
 * DynamoDB hands some keys back unprocessed. Answers a lookup by key.
 */
export async function batchGet(keys: readonly Key[]): Promise<(key: Key) => Item | undefined> {
  const found = new Map<string, Item>();
  const table = tableName();
  const read = async (Keys: Record<string, unknown>[]): Promise<unknown> => {
    const { Responses, UnprocessedKeys } = await db().send(new BatchGetCommand({ RequestItems: { [table]: { Keys, ConsistentRead: true } } }));
    for (const item of Responses?.[table] ?? []) found.set(keyId(item as Key), item);
    const rest = UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    return rest?.length && read(rest);
  };
  const unique = [...new Map(keys.map((key) => [keyId(key), { pk: key.pk, sk: key.sk }])).values()];
  await Promise.all(unique.map((_, index) => index % 100 || read(unique.slice(index, index + 100))));
  return (key) => found.get(keyId(key));
}

export async function readCounter(key: Key): Promise<number> {
  const item = await getItem(key);
  return typeof item?.count === 'number' ? item.count : 0;
}

export interface IndexRange {
  readonly pk: string;
  /** A local index, or the table itself when absent. */
  readonly index?: string;
  readonly sortKey: string;
  /** Only items whose index sort key starts with this prefix. */
  readonly prefix: string;
  /** Or only items whose index sort key lies between these two, inclusive. */
  readonly between?: readonly [string, string];
}

function rangeInput(range: IndexRange): QueryCommandInput {
  if (range.between) {
    return {
      TableName: tableName(),
      ...(range.index ? { IndexName: range.index } : {}),
      ConsistentRead: true,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': range.sortKey },
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.between[0], ':to': range.between[1] },
    };
  }
  // DynamoDB refuses an empty begins_with prefix; an empty prefix means the whole collection.
  const whole = range.prefix === '';
  return {
    TableName: tableName(),
    ...(range.index ? { IndexName: range.index } : {}),
    ConsistentRead: true,
    KeyConditionExpression: whole ? '#pk = :pk' : '#pk = :pk AND begins_with(#sk, :prefix)',
    ExpressionAttributeNames: whole ? { '#pk': 'pk' } : { '#pk': 'pk', '#sk': range.sortKey },
    ExpressionAttributeValues: whole ? { ':pk': range.pk } : { ':pk': range.pk, ':prefix': range.prefix },
  };
}

/**
 * Reads one page of an ordered collection by offset, as the published paging (page, page_size) requires.
 * DynamoDB has no offset: a short skip is read with the page and dropped; a long one is walked with a keys-only
 * projection first (bytes, not capacity, saved) and the page then read in full from where that walk stopped.
 */
export async function queryPage(range: IndexRange, offset: number, limit: number, exclusiveStart?: Record<string, unknown>): Promise<Item[]> {
  // A short skip (the records of a page's first day before it, a near page of a short list) is read with the page in
  // one Query: DynamoDB charges a Query for the items it reads whatever it projects, so reading their keys alone
  // first saved bytes, not capacity, and cost a round trip.
  if (offset > 0 && offset + limit <= SKIPPED_WITH_THE_PAGE) return (await queryPage(range, 0, offset + limit, exclusiveStart)).slice(offset);
  let startKey: Record<string, unknown> | undefined = exclusiveStart;
  let skipped = 0;
  while (skipped < offset) {
    const result = await db().send(
      new QueryCommand({
        ...rangeInput(range),
        ProjectionExpression: '#pk',
        // Bounded so that an absurd page number costs a bounded read per round trip.
        Limit: Math.min(offset - skipped, 1000),
        ExclusiveStartKey: startKey,
      }),
    );
    skipped += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
    if (!startKey) return [];
  }
  const items: Item[] = [];
  while (items.length < limit) {
    const result = await db().send(
      new QueryCommand({ ...rangeInput(range), Limit: limit - items.length, ExclusiveStartKey: startKey }),
    );
    items.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
    if (!startKey) break;
  }
  return items;
}

/** The most items (skipped and paged together) a page's one Query reads; longer skips read keys alone, 1,000 a round trip. */
const SKIPPED_WITH_THE_PAGE = 400;

/** Whether the last `count` items of a range are read in one Query (`queryLast`), as a page's short skip is. */
export const isShortTail = (count: number) => count <= SKIPPED_WITH_THE_PAGE;

/** The last `count` items of a range (at most `SKIPPED_WITH_THE_PAGE`: `isShortTail`), in range order, read backwards in one Query. */
export async function queryLast(range: IndexRange, count: number): Promise<Item[]> {
  return count <= 0 ? [] : (await queryNewestFirst(range, Math.min(count, SKIPPED_WITH_THE_PAGE))).items.reverse();
}

/** How many items a range holds: a count Query (no items returned), page by page of 1 MB. */
export async function countRange(range: IndexRange): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(new QueryCommand({ ...rangeInput(range), Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += result.Count ?? 0;
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Reads a whole ordered collection (for the lists the interface publishes as plain arrays). */
export async function queryAll(range: IndexRange, filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>): Promise<Item[]> {
  const base = rangeInput(range);
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await db().send(
      new QueryCommand({
        ...base,
        ...(filter?.FilterExpression ? { FilterExpression: filter.FilterExpression } : {}),
        ExpressionAttributeNames: { ...base.ExpressionAttributeNames, ...filter?.ExpressionAttributeNames },
        ExpressionAttributeValues: { ...base.ExpressionAttributeValues, ...filter?.ExpressionAttributeValues },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Reads every item of a partition whose sort key lies between `from` and `to`, with numbers left as their exact
 * decimal text: running totals may pass 2^53, where a JavaScript number would silently drop units.
 */
export async function queryExactNumbers(pk: string, from: string, to: string): Promise<Record<string, string>[]> {
  const items: Record<string, string>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const result = await db().send(
      new RawQueryCommand({
        TableName: tableName(),
        ConsistentRead: true,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': { S: pk }, ':from': { S: from }, ':to': { S: to } },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of result.Items ?? []) {
      items.push(Object.fromEntries(Object.entries(item).flatMap(([name, value]) => (value.N !== undefined ? [[name, value.N]] : value.S !== undefined ? [[name, value.S]] : []))));
    }
    startKey = result.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The item of a partition with the greatest sort key between `from` and `to` (one Query of one item), or undefined. */
export async function lastBetween(pk: string, from: string, to: string): Promise<Item | undefined> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return result.Items?.[0];
}

/**
 * One page of a list of businesses kept under one partition (`BIZ#<id>` items with `business_id`): the businesses
 * a daily job visits. Answers where the next page starts, when there may be one.
 */
export async function businessListPage(pk: string, after: string | undefined, limit: number): Promise<{ readonly businessIds: Id[]; readonly next?: string }> {
  const items = await queryPage({ pk, sortKey: 'sk', prefix: 'BIZ#' }, 0, limit, after ? { pk, sk: after } : undefined);
  const last = items.at(-1);
  return { businessIds: items.map((item) => String(item.business_id) as Id), ...(items.length === limit && last ? { next: String(last.sk) } : {}) };
}

/**
 * One page of a range newest first (descending sort key), resumed after `exclusiveStart`: the items, and where
 * the next page starts when the range may hold more.
 */
export async function queryNewestFirst(range: IndexRange, limit: number, exclusiveStart?: Record<string, unknown>): Promise<{ readonly items: Item[]; readonly next?: Record<string, unknown> }> {
  const items: Item[] = [];
  let startKey = exclusiveStart;
  while (items.length < limit) {
    const result = await db().send(new QueryCommand({ ...rangeInput(range), ScanIndexForward: false, Limit: limit - items.length, ExclusiveStartKey: startKey }));
    items.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey;
    if (!startKey) return { items };
  }
  return { items, next: startKey };
}
