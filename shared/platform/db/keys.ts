/**
 * Every DynamoDB key the service writes is built here. A business-scoped key always starts `BIZ#<businessId>`,
 * and each builder takes the business id first, so no caller can reach another business's partition.
 *
 * Layout: one item collection per business and record kind (`BIZ#<b>#CUSTOMER`), holding the records
 * (`CUSTOMER#<id>`), the kind's counters (`#COUNT#…`) and nothing else. Counters carry no index attributes, so
 * they never appear in a list.
 */
import type { Id } from '../core/ids.ts';

export type RecordKind = 'CUSTOMER' | 'VENDOR' | 'ITEM' | 'ACCOUNT' | 'APIKEY' | 'EVT' | 'DOC' | 'JOURNAL' | 'CREDIT_ALLOCATION' | 'MONEY' | 'WEBHOOK' | 'DELIVERY' | 'GRANT' | 'BANKLINE' | 'BANK_IMPORT' | 'BANK_TRANSACTION' | 'BANK_RULE' | 'TRANSFER' | 'RAIL' | 'MANUAL_JOURNAL' | 'FXRATE' | 'RECURRING' | 'MEMBER';

export interface Key {
  readonly pk: string;
  readonly sk: string;
}

/** The sort key of every business's own item (the local runtime finds all businesses by it). */
export const BUSINESS_SORT_KEY = 'BUSINESS';

export function businessKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}`, sk: BUSINESS_SORT_KEY };
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

/**
 * A business's running totals of one period (a day `D#2026-11-22` or a month `M#2026-11`): every account's net in
 * every currency, moved by each posting dated in it. Kept in a partition of their own, so a report reads them as
 * one range.
 */
export function periodTotalKey(businessId: Id, grain: 'D' | 'M', period: string): Key {
  return { pk: periodTotalsPk(businessId), sk: `${grain}#${period}` };
}

/**
 * Present once a business's period totals and open markers are known to cover its whole journal: written when the
 * business is created, or by the rebuild for books posted before the totals existed.
 */
export function ledgerBuiltKey(businessId: Id): Key {
  return { pk: periodTotalsPk(businessId), sk: 'BUILT' };
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

/**
 * Marks a settleable document as open (balance due, not voided), in a partition of the open documents only, so the
 * aged reports and reminders read what is open, never the whole history.
 */
export function openDocumentKey(businessId: Id, type: string, dueDate: string, documentId: Id): Key {
  return { pk: openDocumentsPk(businessId), sk: `${openDocumentsPrefix(type)}${dueDate}#${documentId}` };
}

/** Open documents of one type, ordered by due date. */
export function openDocumentsPrefix(type: string): string {
  return `OPEN#${type}#`;
}

export function openDocumentsPk(businessId: Id): string {
  return `BIZ#${businessId}#OPENDOC`;
}

/**
 * The rules every posting of a business is decided under: its lock date and a version moved by every change of a
 * rule (the lock date, an account archived or retyped). Each posting's transaction checks the version it read.
 */
export function ledgerRulesKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}#SETTINGS`, sk: 'LEDGER' };
}

/**
 * A business's most recent exchange rates per currency, in one item that every posting reads with its ledger
 * rules (in the same BatchGetItem), so finding a posting's rate costs no round trip of its own.
 */
export function recentRatesKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}#SETTINGS`, sk: 'RATES' };
}

/** One chunk of a queued bank import's lines, kept until a queue consumer has stored them. */
export function importChunkKey(businessId: Id, importId: Id, chunk: number): Key {
  return { pk: collectionPk(businessId, 'BANK_IMPORT'), sk: `#CHUNK#${importId}#${String(chunk).padStart(4, '0')}` };
}

/**
 * The closing balances a cash-flow account's bank stated (`<account>#S#<date>`), one partition per business, so a
 * reconciliation summary finds the latest on or before a date with one Query of one item.
 */
export function statedBalanceKey(businessId: Id, accountId: Id, date: string): Key {
  return { pk: `BIZ#${businessId}#BANKSTATED`, sk: `${accountId}#S#${date}` };
}

/** Reserves an account code within a business, so that two accounts can never share one. */
export function accountCodeKey(businessId: Id, code: string): Key {
  return { pk: collectionPk(businessId, 'ACCOUNT'), sk: `#CODE#${code}` };
}

/** A business's collections reminder policy (`/settings/reminders`). */
export function reminderPolicyKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}#SETTINGS`, sk: 'REMINDERS' };
}

/**
 * The businesses with reminders on, one item each, written and removed with the policy: what the daily job pages
 * through. Not business-scoped on purpose (the job's one way to find its work, like the API key lookup); it holds
 * ids only, and no request path reads it.
 */
export function remindersEnabledKey(businessId: Id): Key {
  return { pk: REMINDERS_ENABLED_PK, sk: `BIZ#${businessId}` };
}

export const REMINDERS_ENABLED_PK = 'REMINDERS#ENABLED';

/** The businesses that keep recurring invoices, one item each: what the daily job pages through. */
export function recurringBusinessKey(businessId: Id): Key {
  return { pk: RECURRING_BUSINESSES_PK, sk: `BIZ#${businessId}` };
}

export const RECURRING_BUSINESSES_PK = 'RECURRING#BUSINESSES';

/** That a recurring invoice posted its occurrence of a date: written in the posting's transaction, so it posts once. */
export function recurredKey(businessId: Id, recurringId: Id, date: string): Key {
  return { pk: `BIZ#${businessId}#RECURRED`, sk: `${recurringId}#${date}` };
}

/** That an invoice e-mail went out and was counted on its invoice: written with the count, so a redelivery counts none. */
export function mailSentKey(businessId: Id, messageId: string): Key {
  return { pk: `BIZ#${businessId}#MAIL`, sk: `SENT#${messageId}` };
}

/** That an invoice was reminded at a stage: written in the transaction that sends the reminder, so a stage goes once. */
export function reminderSentKey(businessId: Id, invoiceId: Id, stage: number): Key {
  return { pk: `BIZ#${businessId}#REMINDED`, sk: `${invoiceId}#${stage}` };
}

/** When a customer was last reminded by hand: a manual reminder goes once an hour per customer. */
export function manualReminderKey(businessId: Id, customerId: Id): Key {
  return { pk: `BIZ#${businessId}#REMINDED`, sk: `MANUAL#${customerId}` };
}

/** A business's e-mail recipients of the current hour and its own limit, if set (`mail/quota.ts`). */
export function mailQuotaKey(businessId: Id): Key {
  return { pk: `BIZ#${businessId}#MAILQUOTA`, sk: 'MAILQUOTA' };
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
/** A public invoice link, found by the hash of its token (the token itself is never stored). */
export function publicLinkKey(tokenHash: string): Key {
  return { pk: `PUBLICLINK#${tokenHash}`, sk: 'PUBLICLINK' };
}

/** One client address's requests to the public pages in the current minute (the address hashed). */
export function addressRateKey(addressHash: string): Key {
  return { pk: `ADDRESSRATE#${addressHash}`, sk: 'ADDRESSRATE' };
}

export function apiKeyLookupKey(secretHash: string): Key {
  return { pk: `APIKEY#${secretHash}`, sk: 'APIKEY' };
}

/**
 * An Idempotency-Key's record, scoped to the business and the route. The client's key is hashed so that any
 * string a client sends makes a bounded, safe sort key.
 */
export function idempotencyKey(businessId: Id, route: string, keyHash: string): Key {
  return { pk: `BIZ#${businessId}#IDEM`, sk: `IDEM#${route}#${keyHash}` };
}

/** Marks an external id as recorded on one bank account, so the same statement line is never added twice. */
export function externalIdGuardKey(businessId: Id, accountId: Id, externalIdHash: string): Key {
  return { pk: collectionPk(businessId, 'BANKLINE'), sk: `EXT#${accountId}#${externalIdHash}` };
}

/** A payout rail is called by a bank with only its id in the URL: this item leads from the id to its business. */
export function railLookupKey(railId: Id): Key {
  return { pk: `RAIL#${railId}`, sk: 'RAIL' };
}

/** Users span businesses, so they and their e-mail guard live outside every business partition. */
export function userKey(userId: Id): Key {
  return { pk: `USER#${userId}`, sk: 'USER' };
}

/**
 * A user's standing in one business, kept in the user's partition: the one read that says whether (and as what) a
 * user acts for a business, and, by prefix, the businesses a user belongs to. Its business keeps the member record.
 */
export function membershipKey(userId: Id, businessId: Id): Key {
  return { pk: `USER#${userId}`, sk: `${MEMBERSHIP_PREFIX}${businessId}` };
}

export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#';

/** Keeps one member per e-mail address in a business (invited or joined). */
export function memberEmailKey(businessId: Id, email: string): Key {
  return { pk: collectionPk(businessId, 'MEMBER'), sk: `EMAIL#${email}` };
}

/** When an address was last invited to a business: one invitation an hour per address, however often withdrawn. */
export function invitedAddressKey(businessId: Id, email: string): Key {
  return { pk: collectionPk(businessId, 'MEMBER'), sk: `INVITED#${email}` };
}

/** An invitation, found by the hash of its link's token (the token itself is never stored). */
export function invitationKey(tokenHash: string): Key {
  return { pk: `INVITATION#${tokenHash}`, sk: 'INVITATION' };
}

export function userEmailKey(email: string): Key {
  return { pk: `USEREMAIL#${email}`, sk: 'USEREMAIL' };
}

/** OAuth clients act for users of many businesses; they too are not business-scoped. */
export function oauthClientKey(clientId: Id): Key {
  return { pk: `CLIENT#${clientId}`, sk: 'CLIENT' };
}

/**
 * OAuth artifacts a client or browser presents before any business is known: found by the hash of the secret
 * value presented (session cookie, authorization code, refresh token), and by an access token's id for its
 * revocation mark. The business they belong to is inside the item.
 */
export function oauthArtifactKey(kind: 'SESSION' | 'CODE' | 'REFRESH' | 'REVOKEDJTI' | 'FORMTOKEN', id: string): Key {
  return { pk: `${kind}#${id}`, sk: kind };
}

/**
 * Failed sign-ins, counted per account (by the hash of the normalised e-mail, so an address of any length makes a
 * bounded key and none is stored in clear) and per client address.
 */
export function signInFailuresKey(subject: 'ACCOUNT' | 'ADDRESS', subjectHash: string): Key {
  return { pk: `SIGNINFAIL#${subject}#${subjectHash}`, sk: 'SIGNINFAIL' };
}

/** Written by the local runtime's seed so that a restart with data can find what it created. */
export function localSeedKey(): Key {
  return { pk: 'LOCAL#SEED', sk: 'SEED' };
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
