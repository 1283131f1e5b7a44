import { addAuditEntry } from '../trail/write.ts';
import { changedAction } from '../trail/actions.ts';
import type { Id } from '../core/ids.ts';
import { offsetOf, paginate, type Page, type PageRequest } from '../core/paging.ts';
import { RuleViolation } from '../core/errors.ts';
// Types only: the counting code comes in through the spec, so a list that is not dated (or ranked) bundles none of it.
import type { DateRange, DatedCounts } from './dated-counts.ts';
import type { RankCounts } from './rank-counts.ts';
import { collectionPk, counterKey, recordKey, type Key, type RecordKind } from './keys.ts';
import { batchGet, countRange, getItem, queryAll, isShortTail, queryLast, queryNewestFirst, queryPage, readCounter, type Item } from './query.ts';
import { mustNotExist, retryOnConflict, WriteTransaction } from './transaction.ts';

/** Attributes the table needs that are never part of a resource. */
/** Above every string key of a list: DynamoDB orders keys by UTF-8 bytes, so by code point. */
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

const STORAGE_ATTRIBUTES = new Set(['pk', 'sk', 'lsi1sk', 'lsi2sk', 'entity', 'version', 'expires_at']);

export interface Stored<T> {
  readonly record: T;
  /** Optimistic-concurrency version: a replace must name the version it read. */
  readonly version: number;
}

/** A subset of a collection that is listed and counted on its own (the cash-flow accounts, say). */
export interface View {
  readonly prefix: string;
  readonly counter: string;
  /** The index the view is listed on, when not the collection's own list order (a party's documents: lsi2). */
  readonly index?: 'lsi1' | 'lsi2';
  /**
   * A view of one party's records in a dated collection: its day, month and year counts are kept per party, and its
   * total is summed from them (no counter of its own).
   */
  readonly party?: Id;
}

export const WHOLE_COLLECTION: View = { prefix: '', counter: 'ALL' };

/**
 * A page's first reads, started before the page is asked for (`collection.pageHead`): the list's count and the walk
 * down its rank tree from the root.
 */
export interface PageHead {
  readonly total: Promise<number>;
  readonly rankRoot: Promise<readonly Item[]>;
}

/** A collection whose views are listed by a business date: counted per day, month and year, so any page costs about one page. */
export interface DatedOrder<T> {
  readonly index: 'lsi1' | 'lsi2';
  /** The sort-key prefix of a view's records on that index: their keys read `<prefix><date>#…`. */
  readonly prefix: (view: View) => string;
  readonly date: (record: T) => string;
  /** `DATED_COUNTS` of `dated-counts.ts`. */
  readonly counts: DatedCounts;
}

export interface CollectionSpec<T> {
  readonly kind: RecordKind;
  /** The list order: the `lsi1sk` of a record. */
  readonly order: (record: T) => string;
  /** A second order, the `lsi2sk` (a party's documents, entries by date), for records that have one. */
  readonly order2?: (record: T) => string | undefined;
  /** The views a record belongs to; their counters move with it. Defaults to the whole collection. */
  readonly views?: (record: T) => readonly View[];
  readonly dated?: DatedOrder<T>;
  /** A list ordered by name: its whole-collection pages are placed by a rank tree of the keys after this prefix. */
  readonly ranked?: { readonly prefix: string; /** `RANK_COUNTS` of `rank-counts.ts`. */ readonly counts: RankCounts };
}

function toRecord<T>(item: Item): T {
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(item)) {
    if (!STORAGE_ATTRIBUTES.has(name)) record[name] = value;
  }
  return record as T;
}

/**
 * One page of the records of a kind whose list key starts with `prefix` (a parent's own records: a credit note's
 * allocations), counted by a count Query of that prefix: its cost follows the parent's records, never the
 * collection's. A cursor resumes right after the record it names. A function of its own rather than a method of
 * `collection`, so that only the handlers that page this way bundle it.
 */
export async function pageOfPrefix<T>(businessId: Id, kind: RecordKind, prefix: string, request: PageRequest): Promise<Page<T>> {
  const range = { pk: collectionPk(businessId, kind), index: 'lsi1', sortKey: 'lsi1sk', prefix };
  const after = request.resume?.after;
  if (after && !after.indexKey.startsWith(prefix)) throw RuleViolation.of('cursor', 'belongs to another list');
  const [items, count] = await Promise.all([after ? queryPage(range, 0, request.pageSize, { pk: range.pk, sk: after.sk, lsi1sk: after.indexKey }) : queryPage(range, offsetOf(request), request.pageSize), countRange(range)]);
  const last = items.at(-1);
  return paginate(items.map((item) => toRecord<T>(item)), request, count, last ? { sk: String(last.sk), indexKey: String(last.lsi1sk) } : undefined);
}

/**
 * The storage of one kind of business record: created with its counters in the caller's transaction, read by id,
 * replaced under a version check, listed in order by page or whole. Every key comes from `keys.ts`, and every
 * function takes the business id first.
 */
export function collection<T extends { readonly id: Id }>(spec: CollectionSpec<T>) {
  const viewsOf = (record: T) => spec.views?.(record) ?? [WHOLE_COLLECTION];
  const storedItem = (businessId: Id, record: T, version: number) => ({
    ...record,
    ...recordKey(businessId, spec.kind, record.id),
    lsi1sk: spec.order(record),
    lsi2sk: spec.order2?.(record),
    entity: spec.kind,
    version,
  });

  /** Moves a view's counter (a party's view has none) and, in a dated collection, its day, month and year counts. */
  const countIn = (tx: WriteTransaction, businessId: Id, view: View, record: T, by: number) => {
    if (!view.party) tx.increment(`${spec.kind}:count:${view.counter}`, counterKey(businessId, spec.kind, view.counter), 'count', by);
    const dated = spec.dated;
    if (dated) dated.counts.add(tx, dated.counts.countScope(businessId, spec.kind, view), dated.counts.countAttribute(spec.kind, view.counter), dated.date(record), by);
  };
  const rankedKeyOf = (record: T) => spec.order(record).slice(spec.ranked?.prefix.length ?? 0);
  const rank = (tx: WriteTransaction, businessId: Id, record: T, by: number) => {
    spec.ranked?.counts.add(tx, businessId, spec.kind, rankedKeyOf(record), by);
  };

  return {
    kind: spec.kind,

    addCreate(tx: WriteTransaction, businessId: Id, record: T): void {
      tx.put(`${spec.kind}:create`, storedItem(businessId, record, 1), mustNotExist);
      for (const view of viewsOf(record)) countIn(tx, businessId, view, record, 1);
      rank(tx, businessId, record, 1);
    },

    /** Every record's key in its list's rank tree, for a ranked collection (the rebuild recounts them). */
    async rankedKeys(businessId: Id): Promise<string[]> {
      return spec.ranked ? (await this.all(businessId)).map(rankedKeyOf) : [];
    },

    /**
     * Where a record is counted: its views' counters (`count`) and its dated counts (the rebuild recomputes them
     * from the records).
     */
    countedAt(businessId: Id, record: T): readonly { readonly key: Key; readonly attribute: string }[] {
      const dated = spec.dated;
      return viewsOf(record).flatMap((view) => [
        ...(view.party ? [] : [{ key: counterKey(businessId, spec.kind, view.counter), attribute: 'count' }]),
        ...(dated ? dated.counts.countedAt(dated.counts.countScope(businessId, spec.kind, view), dated.counts.countAttribute(spec.kind, view.counter), dated.date(record)) : []),
      ]);
    },

    /** Deletes a record read at `readVersion`, and takes it off its views' counters. */
    addRemove(tx: WriteTransaction, businessId: Id, record: T, readVersion: number): void {
      tx.delete(`${spec.kind}:remove`, recordKey(businessId, spec.kind, record.id), { expression: 'version = :readVersion', values: { ':readVersion': readVersion } });
      for (const view of viewsOf(record)) countIn(tx, businessId, view, record, -1);
      rank(tx, businessId, record, -1);
    },

    /**
     * Replaces a record; the transaction fails with the label `<KIND>:version` when another write came first. A
     * ranked collection needs the record as read, to move its rank counts when its order changes; given the record
     * as read, a record that leaves a view (a bank line's status) or moves to another date is counted where it now is.
     */
    addReplace(tx: WriteTransaction, businessId: Id, record: T, readVersion: number, previous?: T): void {
      if (previous) {
        const placed = (of: T) => new Map(viewsOf(of).map((view) => [`${view.party ?? ''}\u0000${view.counter}\u0000${spec.dated?.date(of) ?? ''}`, view]));
        const [before, after] = [placed(previous), placed(record)];
        for (const [at, view] of before) if (!after.has(at)) countIn(tx, businessId, view, previous, -1);
        for (const [at, view] of after) if (!before.has(at)) countIn(tx, businessId, view, record, 1);
      }
      if (spec.ranked) {
        if (!previous) throw new Error(`${spec.kind} replaces need the record as read`);
        if (spec.order(previous) !== spec.order(record)) {
          rank(tx, businessId, previous, -1);
          rank(tx, businessId, record, 1);
        }
      }
      tx.put(`${spec.kind}:version`, storedItem(businessId, record, readVersion + 1), {
        expression: 'version = :readVersion',
        values: { ':readVersion': readVersion },
      });
    },

    /**
     * Reads, changes and replaces one record under its version. A write that lands in between makes the replace
     * fail; the change is then applied again to the fresh record, so no update is lost.
     */
    /**
     * Changes one record from a fresh read (retried on a lost race); with `audited`, the change's audit entry goes
     * in the same transaction, naming the record as `audited.type` with the fields that moved.
     */
    async modify(businessId: Id, id: Id, change: (record: T) => T, audited?: { readonly type: string; readonly action?: string; readonly secret?: ReadonlySet<string> }, also?: (tx: WriteTransaction, before: T, after: T) => void): Promise<T | undefined> {
      return retryOnConflict(async () => {
        const stored = await this.get(businessId, id);
        if (!stored) return undefined;
        const next = change(stored.record);
        const tx = new WriteTransaction();
        this.addReplace(tx, businessId, next, stored.version, stored.record);
        also?.(tx, stored.record, next);
        const action = audited && changedAction(audited.action ?? 'updated', audited.type, stored.record, next, [], audited.secret ? { secret: audited.secret } : {});
        // A change that moved nothing (a grant revoked again) is no action of anyone's.
        if (action && action.changes.length > 0) addAuditEntry(tx, businessId, action);
        await tx.commit();
        return next;
      });
    },

    async get(businessId: Id, id: Id): Promise<Stored<T> | undefined> {
      return this.fromItem(await getItem(recordKey(businessId, spec.kind, id)));
    },

    /** The key of a record, for a caller that reads it with others in one round trip (`fromItem` reads the answer). */
    keyOf(businessId: Id, id: Id): Key {
      return recordKey(businessId, spec.kind, id);
    },

    fromItem(item: Item | undefined): Stored<T> | undefined {
      if (!item || item.entity !== spec.kind) return undefined;
      return { record: toRecord<T>(item), version: Number(item.version) };
    },

    /** Many records by id in one BatchGetItem; ids not found (or of another kind) are left out. */
    async getMany(businessId: Id, ids: readonly Id[]): Promise<T[]> {
      if (ids.length === 0) return [];
      const read = await batchGet(ids.map((id) => recordKey(businessId, spec.kind, id)));
      return ids.flatMap((id) => {
        const item = read(recordKey(businessId, spec.kind, id));
        return item && item.entity === spec.kind ? [toRecord<T>(item)] : [];
      });
    },

    /**
     * The first reads of a whole-collection page that `page` would walk down the rank tree to place (a ranked list's
     * page past the first): its count and the walk's root, started now so that a caller can make them beside a read
     * of its own (a dashboard page, beside the session's); none for a page that would not walk. A page near the end,
     * read backwards, leaves the root unused.
     */
    pageHead(businessId: Id, request: PageRequest): PageHead | undefined {
      if (!spec.ranked || request.resume || offsetOf(request) === 0) return undefined;
      const total = readCounter(counterKey(businessId, spec.kind, WHOLE_COLLECTION.counter));
      total.catch(() => undefined);
      return { total, rankRoot: spec.ranked.counts.root(businessId, spec.kind) };
    },

    /**
     * One page of a view, in order. A cursor resumes right after the record it names (one page read). A page
     * number of a dated collection is located by its year, month and day counts; of a ranked one, by its rank tree; of
     * any other (short lists: accounts, endpoints, keys), by walking the keys before it. A date range (dated collections only) narrows the view, and its count is summed from the counts.
     * `head`, the page's first reads already started (`pageHead`), take those reads' place.
     */
    async page(businessId: Id, request: PageRequest, view: View = WHOLE_COLLECTION, dates: DateRange = {}, head?: PageHead): Promise<Page<T>> {
      const pk = collectionPk(businessId, spec.kind);
      const dated = spec.dated;
      const ranged = dates.from !== undefined || dates.to !== undefined;
      if (ranged && !dated) throw new Error(`${spec.kind} is not listed by date`);
      const index = view.index ?? dated?.index ?? 'lsi1';
      const sortKey = `${index}sk`;
      const prefix = dated ? dated.prefix(view) : view.prefix;
      const between = [`${prefix}${dates.from ?? ''}`, `${prefix}${dates.to ?? '9999-12-31'}#\uffff`] as const;
      const range = dated ? { pk, index, sortKey, prefix, between } : { pk, index, sortKey, prefix };
      // A dated list's counts within the range: its total, and where an offset lies.
      const counts = dated?.counts.countsWithin(dated.counts.countScope(businessId, spec.kind, view), dated.counts.countAttribute(spec.kind, view.counter), dates);
      // A head start serves only the whole of a ranked list (`pageHead`).
      const early = spec.ranked && view === WHOLE_COLLECTION && !request.resume ? head : undefined;
      const total = early?.total ?? (counts ? counts.then((within) => within.total) : readCounter(counterKey(businessId, spec.kind, view.counter)));
      const offset = offsetOf(request);
      const after = request.resume?.after;
      let read: Promise<Item[]>;
      if (after) {
        const inList = dated ? after.indexKey >= between[0] && after.indexKey <= between[1] : after.indexKey.startsWith(prefix);
        if (!inList) throw RuleViolation.of('cursor', 'belongs to another list');
        read = queryPage(range, 0, request.pageSize, { pk, sk: after.sk, [sortKey]: after.indexKey });
      } else if (counts && offset > 0) {
        read = counts.then((within) => within.locate(offset)).then((at) => (at ? queryPage({ ...range, between: [`${prefix}${at.day}`, between[1]] }, at.skip, request.pageSize) : []));
      } else if (spec.ranked && view === WHOLE_COLLECTION && offset > 0) {
        const start = spec.ranked.prefix;
        // A page near the end (the last pages a list's links lead to) is read backwards from the end once the count
        // is known; the walk down the rank tree, started beside the count, serves any other, and stops there for one.
        // With a head start the count came beside the walk's first read, so the walk goes on only once it is known.
        let nearEnd = false;
        const ranked = spec.ranked;
        const walk = () =>
          ranked.counts
            .locate(businessId, spec.kind, offset, () => !nearEnd, early?.rankRoot)
            .then((at) => (at && !nearEnd ? queryPage({ ...range, between: [`${start}${at.prefix}`, `${start}${LAST_CODE_POINT}`] }, at.skip, request.pageSize) : []));
        const walked = early ? undefined : walk();
        walked?.catch(() => undefined);
        read = total.then((count) => {
          nearEnd = isShortTail(count - offset);
          return nearEnd ? queryLast(range, count - offset).then((items) => items.slice(0, request.pageSize)) : (walked ?? walk());
        });
      } else {
        read = queryPage(range, offset, request.pageSize);
      }
      const [items, count] = await Promise.all([read, total]);
      const last = items.at(-1);
      return paginate(items.map((item) => toRecord<T>(item)), request, count, last ? { sk: String(last.sk), indexKey: String(last[sortKey]) } : undefined);
    },

    /**
     * The last `limit` records of a view, last first (a dated list's newest): one Query read backwards, however long
     * the list, where reaching them by page number would first locate its last page.
     */
    async newest(businessId: Id, limit: number, view: View = WHOLE_COLLECTION): Promise<T[]> {
      const index = view.index ?? spec.dated?.index ?? 'lsi1';
      const range = { pk: collectionPk(businessId, spec.kind), index, sortKey: `${index}sk`, prefix: spec.dated ? spec.dated.prefix(view) : view.prefix };
      return (await queryNewestFirst(range, limit)).items.map((item) => toRecord<T>(item));
    },

    /**
     * At most `limit` records, in list order, whose list key starts with `prefix` (the first letters of a name in a
     * list ordered by name): one Query of at most `limit` items, however long the list.
     */
    async startingWith(businessId: Id, prefix: string, limit: number): Promise<T[]> {
      const range = { pk: collectionPk(businessId, spec.kind), index: 'lsi1', sortKey: 'lsi1sk', prefix };
      return (await queryPage(range, 0, limit)).map((item) => toRecord<T>(item));
    },

    /** Records whose sort key on `index` lies between `from` and `to`, inclusive, in that order. */
    async between(businessId: Id, index: 'lsi1' | 'lsi2', from: string, to: string): Promise<T[]> {
      const range = { pk: collectionPk(businessId, spec.kind), index, sortKey: `${index}sk`, prefix: '', between: [from, to] as const };
      return (await queryAll(range)).map((item) => toRecord<T>(item));
    },

    /** Every record (of a view) with the version it is stored at, for read models that keep versions (the rebuild, a reader catching up its own writes). */
    async allStored(businessId: Id, view: View = WHOLE_COLLECTION): Promise<Stored<T>[]> {
      const index = view.index ?? 'lsi1';
      const range = { pk: collectionPk(businessId, spec.kind), index, sortKey: `${index}sk`, prefix: view.prefix };
      return (await queryAll(range)).map((item) => ({ record: toRecord<T>(item), version: Number(item.version) }));
    },

    async all(businessId: Id, where: Partial<Record<string, string>> = {}, view: View = WHOLE_COLLECTION): Promise<T[]> {
      const conditions = Object.entries(where).filter((entry): entry is [string, string] => entry[1] !== undefined);
      const filter = conditions.length
        ? {
            FilterExpression: conditions.map((_, index) => `#f${index} = :f${index}`).join(' AND '),
            ExpressionAttributeNames: Object.fromEntries(conditions.map(([name], index) => [`#f${index}`, name])),
            ExpressionAttributeValues: Object.fromEntries(conditions.map(([, value], index) => [`:f${index}`, value])),
          }
        : undefined;
      const index = view.index ?? 'lsi1';
      const range = { pk: collectionPk(businessId, spec.kind), index, sortKey: `${index}sk`, prefix: view.prefix };
      return (await queryAll(range, filter)).map((item) => toRecord<T>(item));
    },
  };
}
