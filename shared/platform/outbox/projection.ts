/**
 * Read models kept off the request path: lists a bound needs that a posting's own transaction cannot keep (a
 * receipt settling 25 invoices would pass DynamoDB's 100-item limit if it moved their status entries too).
 *
 * A projection is fed by the table's stream: every change of a source record (its item image, with the version
 * every replace moves) is applied by `applyChange`, which is idempotent under redelivery and reordering: a marker
 * per record keeps the version its entries reflect, and a change at that version or older is dropped. The marker,
 * the entries that leave, the entries that arrive and the lists' counts move in one transaction conditioned on
 * the marker, so two deliveries racing cannot both apply. Each list is counted per day and year
 * (`dated-counts.ts`), so a page by number costs about one page, like the lists the postings keep.
 *
 * The ledger rebuild recomputes every projection from its source records (`expectedProjection`).
 */
import type { Page, PageRequest } from '../core/paging.ts';
import { offsetOf, paginate } from '../core/paging.ts';
import { RuleViolation } from '../core/errors.ts';
import type { Id } from '../core/ids.ts';
import { addDatedCount, countedAt, countsWithin, sumsAsOf, type CountScope, type DateRange } from '../db/dated-counts.ts';
import { projectionCountsPk, projectionPk, type Key } from '../db/keys.ts';
import { batchGet, queryPage, type Item } from '../db/query.ts';
import { retryOnConflict, WriteTransaction } from '../db/transaction.ts';

/** One entry a source record has in one list of a projection. */
export interface ProjectedEntry {
  /** The list it belongs to (`invoice#Paid`); its entries' keys start `<list>#`. */
  readonly list: string;
  /** The business date it is listed and counted under. */
  readonly date: string;
  /** What orders it after the date within the list (a number, zero-padded). */
  readonly order: string;
  /** What a reader of the list needs from it (the record's id). */
  readonly attributes: Readonly<Record<string, string | number>>;
  /**
   * Summed beside the count, per day and year, when given (the signed minor units of an unmatched posting), so a
   * reader finds a list's total amount as of a date as cheaply as its count.
   */
  readonly amount?: number;
  /** False for a list only ever read by its key range (an amount index): it keeps no counts. Default true. */
  readonly counted?: boolean;
  /**
   * False for a list only ever read by its counts and sums (the unmatched postings of an account, which the
   * reconciliation summary totals as of a date): the entry has no item of its own, only its note on the record's
   * marker and its count items. Default true.
   */
  readonly stored?: boolean;
  /**
   * -1 for an entry that ends an interval another entry of the record began (a posting unmatched from its date
   * until its void's): counted and summed negatively on its own date, so a total as of any date counts the
   * intervals that hold it. Default 1.
   */
  readonly weight?: -1;
}

export interface ProjectionSpec<R> {
  readonly name: string;
  /** Every list entry of the record as it now is; none when it belongs to no list. */
  readonly entriesOf: (record: R) => readonly ProjectedEntry[];
}

const COUNT = 'n';
/** The attribute of a list's count items that sums its entries' amounts. */
const AMOUNT = 'a';
const entrySk = (entry: Pick<ProjectedEntry, 'list' | 'date' | 'order'>) => `${entry.list}#${entry.date}#${entry.order}`;
const markerKey = (businessId: Id, name: string, recordId: string): Key => ({ pk: projectionPk(businessId, name), sk: `@${recordId}` });
const countScope = (businessId: Id, name: string, list: string): CountScope => ({ pk: projectionCountsPk(businessId, name), skPrefix: `${list}#` });

type MarkedEntry = Pick<ProjectedEntry, 'list' | 'date' | 'order' | 'amount' | 'counted' | 'stored' | 'weight'>;

const marked = ({ list, date, order, amount, counted, stored, weight }: ProjectedEntry): MarkedEntry => ({
  list,
  date,
  order,
  ...(amount === undefined ? {} : { amount }),
  ...(counted === false ? { counted } : {}),
  ...(stored === false ? { stored } : {}),
  ...(weight === -1 ? { weight } : {}),
});

/** What an entry adds to its list's count items (`by` 1), or takes off (`by` -1): its count and its amount, by its weight. */
function countDeltas(entry: MarkedEntry, by: 1 | -1): Record<string, number> {
  const signed = by * (entry.weight ?? 1);
  return entry.counted === false ? {} : { [COUNT]: signed, ...(entry.amount === undefined ? {} : { [AMOUNT]: signed * entry.amount }) };
}

function addCounted(tx: WriteTransaction, businessId: Id, name: string, entry: MarkedEntry, by: 1 | -1): void {
  for (const [attribute, delta] of Object.entries(countDeltas(entry, by))) addDatedCount(tx, countScope(businessId, name, entry.list), attribute, entry.date, delta);
}

/** One change of a source record: its state after the change and the version that state carries (undefined: deleted). */
export interface SourceChange<R> {
  readonly recordId: string;
  readonly version: number;
  readonly record: R | undefined;
}

/** The items one transaction of a projector may hold: DynamoDB's limit. */
const ITEMS_PER_TRANSACTION = 100;
/** The changes whose markers one read fetches, and the most one transaction may take. */
const CHANGES_PER_READ = 32;

/** One change made ready to apply: the markers it is conditioned on, and how it adds itself to a transaction. */
export interface PendingChange {
  readonly markers: readonly Key[];
  /** Adds the change to the transaction, given the markers as read; whether it moved anything. */
  readonly addTo: (tx: WriteTransaction, read: (key: Key) => Item | undefined) => boolean;
}

/**
 * A batch's changes of one kind of record made ready for one or more projections of them: of several changes of one
 * record only the newest counts. The changes of every kind a batch holds (documents, journal entries) are then
 * applied together by `applyPending`.
 */
export function pendingChanges<R>(specOrSpecs: ProjectionSpec<R> | readonly ProjectionSpec<R>[], businessId: Id, changes: readonly SourceChange<R>[]): PendingChange[] {
  const specs = Array.isArray(specOrSpecs) ? (specOrSpecs as readonly ProjectionSpec<R>[]) : [specOrSpecs as ProjectionSpec<R>];
  const newest = new Map<string, SourceChange<R>>();
  for (const change of changes) if ((newest.get(change.recordId)?.version ?? -1) < change.version) newest.set(change.recordId, change);
  return [...newest.values()].map((change) => {
    const markers = specs.map((spec) => markerKey(businessId, spec.name, change.recordId));
    return {
      markers,
      addTo: (tx, read) => specs.map((spec, index) => addChange(tx, spec, businessId, change, read(markers[index]!))).some(Boolean),
    };
  });
}

/**
 * Applies a batch of one business's pending changes, of any projections, in as few round trips as the batch allows:
 * the markers of up to 32 changes in one BatchGetItem, then one transaction taking as many of them as fit: a change
 * is added while the transaction's items (count items shared by changes of one day are one item) plus the items
 * the change makes on its own stay within DynamoDB's 100. Each change is made in a transaction of its own first and
 * then appended, so what it makes is counted, not estimated per projection: a journal entry moving many cash-flow
 * accounts makes three items for each. A change already applied, or older than one applied, is dropped. Returns how
 * many changes moved anything.
 */
export async function applyPending(pending: readonly PendingChange[]): Promise<number> {
  let applied = 0;
  for (let next = 0; next < pending.length; ) {
    const window = pending.slice(next, next + CHANGES_PER_READ);
    const { moved, taken } = await retryOnConflict(async () => {
      const read = await batchGet(window.flatMap((change) => change.markers));
      const tx = new WriteTransaction();
      let changed = 0;
      let used = 0;
      for (const change of window) {
        const alone = new WriteTransaction();
        const moves = change.addTo(alone, read);
        if (used > 0 && tx.size + alone.size > ITEMS_PER_TRANSACTION) break;
        used++;
        if (moves) {
          tx.append(alone);
          changed++;
        }
      }
      if (changed > 0) await tx.commit();
      return { moved: changed, taken: used };
    });
    applied += moved;
    next += taken;
  }
  return applied;
}

/** Applies a batch of changes of one business's records to one or more projections of them (`applyPending`). */
export async function applyChanges<R>(specOrSpecs: ProjectionSpec<R> | readonly ProjectionSpec<R>[], businessId: Id, changes: readonly SourceChange<R>[]): Promise<number> {
  return applyPending(pendingChanges(specOrSpecs, businessId, changes));
}

/** Applies one change (see `applyChanges`); whether it moved anything. */
export async function applyChange<R>(spec: ProjectionSpec<R>, businessId: Id, recordId: string, version: number, record: R | undefined): Promise<boolean> {
  return (await applyChanges(spec, businessId, [{ recordId, version, record }])) > 0;
}

/** Adds one change to the transaction, conditioned on its marker as read; false when it is not newer than the marker. */
function addChange<R>(tx: WriteTransaction, spec: ProjectionSpec<R>, businessId: Id, change: SourceChange<R>, marker: Item | undefined): boolean {
  const key = markerKey(businessId, spec.name, change.recordId);
  const applied = typeof marker?.version === 'number' ? marker.version : 0;
  if (applied >= change.version) return false;
  const before = ((marker?.entries ?? []) as MarkedEntry[]).map((entry) => ({ ...entry, sk: entrySk(entry) }));
  const after = (change.record ? spec.entriesOf(change.record) : []).map((entry) => ({ ...entry, sk: entrySk(entry) }));
  tx.put(`PROJ:${spec.name}:marker`, { ...key, version: change.version, entries: after.map(marked) }, marker ? { expression: 'version = :applied', values: { ':applied': applied } } : { expression: 'attribute_not_exists(pk)' });
  const staying = new Map(after.map((entry) => [entry.sk, entry]));
  const listed = new Map(before.map((entry) => [entry.sk, entry]));
  for (const entry of before) {
    const stays = staying.get(entry.sk);
    // An entry noted before its list stopped storing entries (ledger build 8) has an item, which goes with it.
    if (!stays && entry.stored !== false) tx.delete(`PROJ:${spec.name}:leave`, { pk: projectionPk(businessId, spec.name), sk: entry.sk });
    // An entry that stays with another amount is counted again: out with its old amount, in with its new.
    if (!stays || stays.amount !== entry.amount) addCounted(tx, businessId, spec.name, entry, -1);
  }
  for (const entry of after) {
    if (entry.stored !== false) tx.put(`PROJ:${spec.name}:entry`, { pk: projectionPk(businessId, spec.name), sk: entry.sk, ...entry.attributes });
    const was = listed.get(entry.sk);
    if (!was || was.amount !== entry.amount) addCounted(tx, businessId, spec.name, marked(entry), 1);
  }
  return true;
}

/**
 * One page of a projected list, in date then order, within dates or not: located by the list's counts like any
 * dated list (`total_count` exact as of the projection), or resumed after a cursor's entry.
 */
export async function projectedPage(businessId: Id, name: string, list: string, request: PageRequest, dates: DateRange = {}): Promise<Page<Item>> {
  const pk = projectionPk(businessId, name);
  const prefix = `${list}#`;
  const between = [`${prefix}${dates.from ?? ''}`, `${prefix}${dates.to ?? '9999-12-31'}#\uffff`] as const;
  const range = { pk, sortKey: 'sk', prefix, between };
  const counts = await countsWithin(countScope(businessId, name, list), COUNT, dates);
  const offset = offsetOf(request);
  const after = request.resume?.after;
  let items: Item[];
  if (after) {
    if (after.sk < between[0] || after.sk > between[1]) throw RuleViolation.of('cursor', 'belongs to another list');
    items = await queryPage(range, 0, request.pageSize, { pk, sk: after.sk });
  } else if (offset > 0) {
    const at = await counts.locate(offset);
    items = at ? await queryPage({ ...range, between: [`${prefix}${at.day}`, between[1]] }, at.skip, request.pageSize) : [];
  } else {
    items = await queryPage(range, 0, request.pageSize);
  }
  const last = items.at(-1);
  return paginate(items, request, counts.total, last ? { sk: String(last.sk), indexKey: String(last.sk) } : undefined);
}

/** A list's count and amount as of the end of `asOf` (its year items and the days of one month: two Queries). */
export async function projectedTotalAsOf(businessId: Id, name: string, list: string, asOf: string): Promise<{ readonly count: number; readonly amount: number }> {
  const [count, amount] = await sumsAsOf(countScope(businessId, name, list), [COUNT, AMOUNT], asOf);
  return { count: count!, amount: amount! };
}

/** Entries of a list whose keys lie between two dates, in order, at most `limit` (an amount index read by its range). */
export async function projectedBetween(businessId: Id, name: string, list: string, from: string, to: string, limit: number): Promise<Item[]> {
  const pk = projectionPk(businessId, name);
  const prefix = `${list}#`;
  return queryPage({ pk, sortKey: 'sk', prefix, between: [`${prefix}${from}`, `${prefix}${to}#\uffff`] }, 0, limit);
}

/** The items a projection of these records consists of, by key: markers, entries and count items (for the rebuild). */
export function expectedProjection<R>(spec: ProjectionSpec<R>, businessId: Id, records: readonly { readonly id: string; readonly version: number; readonly record: R }[]) {
  const items = new Map<string, Record<string, unknown>>();
  const counts = new Map<string, Map<string, bigint>>();
  const keyText = (key: Key) => `${key.pk}\u0000${key.sk}`;
  for (const { id, version, record } of records) {
    const entries = spec.entriesOf(record);
    const marker = markerKey(businessId, spec.name, id);
    items.set(keyText(marker), { ...marker, version, entries: entries.map(marked) });
    for (const entry of entries) {
      const key = { pk: projectionPk(businessId, spec.name), sk: entrySk(entry) };
      if (entry.stored !== false) items.set(keyText(key), { ...key, ...entry.attributes });
      for (const [attribute, delta] of Object.entries(countDeltas(marked(entry), 1))) {
        for (const counted of countedAt(countScope(businessId, spec.name, entry.list), attribute, entry.date)) {
          const values = counts.get(keyText(counted.key)) ?? new Map<string, bigint>();
          counts.set(keyText(counted.key), values);
          values.set(counted.attribute, (values.get(counted.attribute) ?? 0n) + BigInt(delta));
        }
      }
    }
  }
  return { items, counts };
}
