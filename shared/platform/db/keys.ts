/**
 * The table's key conventions, and the platform's own keys. A business-scoped key always starts `BIZ#<businessId>`
 * (`businessPk`), and each builder takes the business id first, so no caller can reach another business's
 * partition. Each domain's store builds its keys on these (the ledger's period totals, open documents and rules,
 * banking's imports, stated balances and rails, sales' reminders, recurring runs and public links, access's users,
 * members and OAuth artefacts, the mail quota); the keys still here are the platform's (businesses, collections,
 * counters, series, projections, ranks, the outbox, idempotency, rate windows, mail sent).
 *
 * Layout: one item collection per business and record kind (`BIZ#<b>#CUSTOMER`), holding the records
 * (`CUSTOMER#<id>`), the kind's counters (`#COUNT#…`) and nothing else. Counters carry no index attributes, so
 * they never appear in a list.
 */
import type { Id } from '../core/ids.ts';

export type RecordKind = 'CUSTOMER' | 'VENDOR' | 'ITEM' | 'ACCOUNT' | 'APIKEY' | 'EVT' | 'DOC' | 'JOURNAL' | 'CREDIT_ALLOCATION' | 'MONEY' | 'WEBHOOK' | 'DELIVERY' | 'GRANT' | 'BANKLINE' | 'BANK_IMPORT' | 'BANK_TRANSACTION' | 'BANK_RULE' | 'TRANSFER' | 'RAIL' | 'MANUAL_JOURNAL' | 'FXRATE' | 'RECURRING' | 'MEMBER' | 'AUDIT_EXPORT' | 'TAX_RATE' | 'DRAFT' | 'JOURNAL_DRAFT' | 'ATTACHMENT' | 'UPLOAD';

export interface Key {
  readonly pk: string;
  readonly sk: string;
}

/** The sort key of every business's own item (the local runtime finds all businesses by it). */
export const BUSINESS_SORT_KEY = 'BUSINESS';

export function businessKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}`, sk: BUSINESS_SORT_KEY };
}

/** The partition prefix of everything a business owns, `BIZ#<businessId>`: each domain's store builds its keys on it. */
export function businessPk(businessId: Id): string {
  return `BIZ#${businessId}`;
}

/** One of a business's settings items (`LEDGER`, `RATES`, `TRACKING`, …), each domain's own, side by side in one partition. */
export function settingsKey(businessId: Id, name: string): Key {
  return { pk: `${businessPk(businessId)}#SETTINGS`, sk: name };
}

export function collectionPk(businessId: Id, kind: RecordKind): string {
  return `BIZ#${businessId}#${kind}`;
}

export function recordKey(businessId: Id, kind: RecordKind, id: string): Key {
  return { pk: collectionPk(businessId, kind), sk: `${kind}#${id}` };
}

/** A counter of one collection, or of one named subset of it (the cash-flow accounts among the ledger accounts). */
export function counterKey(businessId: Id, kind: RecordKind, subset = 'ALL'): Key {
  return { pk: collectionPk(businessId, kind), sk: `#COUNT#${subset}` };
}

/** The gapless number series of one document type: its last used number, moved inside each posting. */
export function sequenceKey(businessId: Id, kind: RecordKind, series: string): Key {
  return { pk: collectionPk(businessId, kind), sk: `#SEQ#${series}` };
}

/**
 * The tickets of a series' queue (`shared/platform/db/series-turn.ts`): an item of its own, because on AWS a plain write to
 * an item that a transaction holds is refused and can cancel that transaction, and waiters take tickets while
 * the holder of a turn commits on the series item.
 */
export function seriesTicketsKey(businessId: Id, kind: RecordKind, series: string): Key {
  return { pk: collectionPk(businessId, kind), sk: `#SEQ#${series}#TICKETS` };
}

export function periodTotalsPk(businessId: Id): string {
  return `BIZ#${businessId}#PERIODTOTAL`;
}

/**
 * A read model kept off the request path (`shared/platform/outbox/projection.ts`): its entries, in list order, and a marker per
 * source record naming the version it reflects.
 */
export function projectionPk(businessId: Id, projection: string): string {
  return `BIZ#${businessId}#PROJ#${projection}`;
}

/** The day and year counts of a projection's lists, so any page of one is located without walking it. */
export function projectionCountsPk(businessId: Id, projection: string): string {
  return `BIZ#${businessId}#PROJCOUNT#${projection}`;
}

/** A party's own day and month counts (`<party>#D#2026-11-22`), for pages of that party's documents. */
export function partyTotalsPk(businessId: Id): string {
  return `BIZ#${businessId}#PARTYTOTAL`;
}

/**
 * A prefix's counter item in a list's rank tree (`domain/rank-tree.ts`): one partition per business, one item per
 * list and prefix. Its own partition, so the counters add nothing to the records' item collection.
 */
export function rankCountKey(businessId: Id, kind: string, prefix: string): Key {
  return { pk: rankCountsPk(businessId), sk: `${kind}#${prefix}` };
}

export function rankCountsPk(businessId: Id): string {
  return `BIZ#${businessId}#RANK`;
}

/** That an invoice e-mail went out and was counted on its invoice: written with the count, so a redelivery counts none. */
export function mailSentKey(businessId: Id, messageId: string): Key {
  return { pk: `BIZ#${businessId}#MAIL`, sk: `SENT#${messageId}` };
}

/** A business's request counters of the current minute and its quota overrides (`rate-limits.ts`). */
export function rateStateKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}#RATE`, sk: 'RATE' };
}

/** Orders by a display name, case-insensitively, then by id, so that equal names keep a stable order. */
export function byNameSortKey(prefix: string, name: string, id: string): string {
  return `${byNameStart(prefix, name)}\u0001${id}`;
}

/** The keys `byNameSortKey` writes for names that start with `typed` (a bounded search by name's first letters). */
export function byNameStart(prefix: string, typed: string): string {
  return `${byNamePrefix(prefix)}${typed.normalize('NFKC').toLowerCase().replace(/\u0000|\u0001/g, '')}`;
}

/** What every key `byNameSortKey` writes under `prefix` starts with (a list ordered by name ranks what follows). */
export function byNamePrefix(prefix: string): string {
  return `${prefix}#`;
}

/**
 * Outbox items: the sort key starts `EVT#` so that the stream publisher's filter can select them, and carries
 * the creation time so that a business's events read in order.
 */
export function outboxKey(businessId: Id, createdAt: string, eventId: string): Key {
  return { pk: collectionPk(businessId, 'EVT'), sk: `EVT#${createdAt}#${eventId}` };
}

/** A business's outbox items created from `from` up to (not at) `to`, both ISO timestamps: the events feed's window. */
export function outboxRange(businessId: Id, from: string, to: string): { readonly pk: string; readonly between: readonly [string, string] } {
  return { pk: collectionPk(businessId, 'EVT'), between: [`EVT#${from}`, `EVT#${to}`] };
}

/** The one item that is not business-scoped: how a presented API key finds its business, by the key's hash. */

/**
 * An Idempotency-Key's record, scoped to the business and the route. The client's key is hashed so that any
 * string a client sends makes a bounded, safe sort key.
 */
export function idempotencyKey(businessId: Id, route: string, keyHash: string): Key {
  return { pk: `BIZ#${businessId}#IDEM`, sk: `IDEM#${route}#${keyHash}` };
}

/** A sort key declared once: how it is written for a record, and the prefix that selects records by leading facets. */
export interface FacetKey<T, F extends keyof T & string> {
  (record: T): string;
  /** The prefix of every key whose leading facets have these values (facets are taken in order, up to the first one missing). */
  prefix(values: Partial<Pick<T, F>>): string;
}

/**
 * A sort key from its facets, as ElectroDB declares composite keys: an optional fixed label, then the record's
 * facet values in order (each written by its `format`, else as text), joined by `#`. The stored key and every
 * query prefix come from this one declaration, so a list can never query a shape the records were not written in.
 * (ElectroDB itself owns the whole write path; our postings put many kinds of items in one TransactWriteItems with
 * conditions and counters of their own, so only its idea of declared facets is taken here.)
 */
export function facetKey<T, const F extends readonly (keyof T & string)[]>(label: string | null, facets: F, format: { readonly [K in F[number]]?: (value: T[K]) => string } = {}): FacetKey<T, F[number]> {
  const write = <K extends F[number]>(name: K, value: T[K]) => format[name]?.(value) ?? String(value);
  const join = (parts: readonly string[]) => [...(label === null ? [] : [label]), ...parts].join('#');
  const key = (record: T) => join(facets.map((name) => write(name, record[name])));
  key.prefix = (values: Partial<Pick<T, F[number]>>) => {
    const parts: string[] = [];
    for (const name of facets) {
      if (values[name] === undefined) break;
      parts.push(write(name, values[name] as T[typeof name]));
    }
    return `${join(parts)}#`.replace(/^#/, '');
  };
  return key;
}
