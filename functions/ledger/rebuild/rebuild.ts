/**
 * The books' rebuild: every total and read model recomputed from the records of every domain that posts (documents
 * and journals, receipts and allocations, bank lines, the parties' ranks), compared with what is stored, and
 * repaired. It reads every domain, so it sits above them all, beside the replays only it uses (docs/layout.md);
 * `npm run ledger:rebuild` and the local runtime's catch-up run it.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/platform/db/client.ts';
import { collectionPk, partyTotalsPk, periodTotalsPk, projectionCountsPk, projectionPk, rankCountKey, rankCountsPk, type Key } from '../../../shared/platform/db/keys.ts';
import { openDocumentKey, openDocumentsPk } from '../../../shared/ledger/documents/records.ts';
import { periodTotalKey } from '../../../shared/ledger/period-totals.ts';
import { DOCUMENT_STATUS, expectedDocumentStatus } from '../../../shared/ledger/documents/status-projection.ts';
import { queryAll, queryExactNumbers } from '../../../shared/platform/db/query.ts';
import { WriteTransaction } from '../../../shared/platform/db/transaction.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { balanceDeltas, periodsOf } from '../../../shared/ledger/period-totals-rules.ts';
import { rankAttribute, rankSteps } from '../../../shared/platform/db/rank-tree.ts';
import { parties } from '../../../shared/parties/index.ts';
import { agingDate, documentStore, isOpenDocument } from '../../../shared/ledger/documents/records.ts';
import { reliefItemsOf, storedReliefItems } from '../../../shared/ledger/documents/reliefs.ts';
import { reliefHistory } from './relief-history.ts';
import { cashBasisHistory } from './cash-basis-history.ts';
import { taxFiguresHistory } from './tax-history.ts';
import { cashBasisKey, cashBasisPk } from '../../../shared/ledger/cash-basis.ts';
import { allCreditAllocations, moneyStore } from '../../../shared/cash/index.ts';
import { GENERAL_LEDGER, generalLedgerItemsOf } from '../../../shared/ledger/general-ledger.ts';
import { trackingDeltas, trackingTotalKey, trackingTotalsPk } from '../../../shared/ledger/tracking/tracking-totals.ts';
import { journalStore, type JournalEntryRecord } from '../../../shared/ledger/journal.ts';
import { assumedRates, migrateToHomeCurrency, type AssumedRate } from './home-currency-migration.ts';
import { voidsInLaterPeriods, type VoidInLaterPeriod } from '../../../shared/ledger/void-date.ts';
import { manualJournalStore } from '../../../shared/ledger/journals.ts';
import { draftStore } from '../../../shared/ledger/documents/draft-records.ts';
import { journalDraftStore } from '../../../shared/ledger/journal-drafts.ts';
import { homeCurrencyOf, markLedgerBuilt } from '../../../shared/ledger/period-totals.ts';
import { lineStore, migrateLines, lineAmountsAt, statusOf, bankTransactionStore, transferStore, AMOUNT_INDEXES, expectedAmountIndexes } from '../../../shared/banking/index.ts';

export interface PeriodDrift {
  /**
   * The total item's sort key: `D#2026-11-22`, `M#2026-11` (`cash basis M#2026-11` of the cash-basis gaps, `tracking <category>#M#2026-11#<option>` of a tracking option's), a party's `<party>#D#…` or `<party>#Y#…`, a list's
   * counter `#COUNT#<view>`, or a rank counter's `CUSTOMER#<prefix>`.
   */
  readonly item: string;
  readonly attribute: string;
  readonly stored: string;
  readonly expected: string;
}

export interface LedgerDrift {
  readonly entries: number;
  readonly documents: number;
  readonly periods: readonly PeriodDrift[];
  /** Open documents without a marker, and markers of documents that are not open. */
  readonly missingOpenMarkers: readonly string[];
  readonly staleOpenMarkers: readonly string[];
  /** Entries and markers of the status projection missing or different, and ones it should not hold. */
  readonly missingProjected: readonly string[];
  readonly staleProjected: readonly string[];
  /** Foreign postings booked before rates: they take rate 1 (`home-currency-migration.ts`). */
  readonly assumedRates: readonly AssumedRate[];
  /** Voids whose reversal sits in a later month than its original (not drift: a posted entry is never edited). */
  readonly voidsInLaterPeriods: readonly VoidInLaterPeriod[];
  /**
   * Relief records (`reliefs.ts`) missing, different from what the settlements add up to (`relief-history.ts`), or
   * stale: in books settled before the records were kept, or after a write that moved a balance without its record.
   * Repaired from the settlements' own dates.
   */
  readonly unrecordedReliefs: readonly string[];
}

/** JSON with every object's keys sorted: DynamoDB keeps no order of a map's attributes. */
const canonical = (value: unknown): string => JSON.stringify(value, (_, inner: unknown) => (inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner));

const keyText = (key: Key) => `${key.pk}\u0000${key.sk}`;
const keyOf = (text: string): Key => {
  const [pk, sk] = text.split('\u0000') as [string, string];
  return { pk, sk };
};

/** The read models the stream keeps, which the rebuild recomputes: documents by status, the amount indexes, the general ledger. */
const PROJECTIONS = [DOCUMENT_STATUS.name, ...AMOUNT_INDEXES, GENERAL_LEDGER] as const;

/** The lists ordered by name, whose pages are placed by rank counts. */
const RANKED_STORES = [parties('customer').store, parties('vendor').store] as const;

/** The lists counted by date, whose counters the rebuild owns too. */
const DATED_STORES = [journalStore, documentStore, moneyStore, manualJournalStore, lineStore, bankTransactionStore, transferStore, draftStore, journalDraftStore] as const;

/**
 * The total items the books add up to, by key: each journal entry's nets in the business's day and month items;
 * for each record of every list counted by date (documents, receipts and payments, manual journals, journal entries, drafts), its views'
 * counters and its day, month and year counts, in the business's items or, for a party's list, the party's; and
 * the rank counts of the lists ordered by name.
 */
async function expectedTotals(businessId: Id, homeCurrency: string, entries: readonly JournalEntryRecord[], entryVersions: ReadonlyMap<Id, number>) {
  const [storedDocuments, money, creditAllocations, journals, lines, bankTransactions, transfers, ranked, drafts, journalDrafts] = await Promise.all([
    documentStore.allStored(businessId),
    moneyStore.all(businessId),
    allCreditAllocations(businessId),
    manualJournalStore.all(businessId),
    lineStore.all(businessId),
    bankTransactionStore.all(businessId),
    transferStore.all(businessId),
    Promise.all(RANKED_STORES.map(async (store) => ({ kind: store.kind, keys: await store.rankedKeys(businessId) }))),
    draftStore.all(businessId),
    journalDraftStore.all(businessId),
  ]);
  const documents = storedDocuments.map((stored) => stored.record);
  const status = expectedDocumentStatus(businessId, storedDocuments);
  const amounts = await expectedAmountIndexes(businessId, entries, storedDocuments, entryVersions);
  // The projections' counts are totals like the others; their markers and entries are compared item by item.
  const totals = new Map<string, Map<string, bigint>>([...status.counts, ...amounts.counts]);
  const addTo = (key: Key, deltas: Readonly<Record<string, number>>) => {
    const id = keyText(key);
    const values = totals.get(id) ?? new Map<string, bigint>();
    totals.set(id, values);
    for (const [attribute, delta] of Object.entries(deltas)) values.set(attribute, (values.get(attribute) ?? 0n) + BigInt(delta));
  };
  for (const { kind, keys } of ranked) {
    for (const key of keys) for (const step of rankSteps(key)) addTo(rankCountKey(businessId, kind, step.prefix), { [rankAttribute(step.next)]: 1 });
  }
  for (const entry of entries) {
    const deltas = balanceDeltas(entry, homeCurrency);
    for (const { grain, period } of periodsOf(entry.date)) addTo(periodTotalKey(businessId, grain, period), deltas);
    for (const tracked of trackingDeltas(entry, homeCurrency)) for (const { grain, period } of periodsOf(entry.date)) addTo(trackingTotalKey(businessId, tracked.ref, grain, period), tracked.deltas);
  }
  for (const { date, deltas } of cashBasisHistory(businessId, documents, money, creditAllocations, homeCurrency)) {
    for (const { grain, period } of periodsOf(date)) addTo(cashBasisKey(businessId, grain, period), deltas);
  }
  for (const { date, deltas } of taxFiguresHistory(businessId, documents, journals, bankTransactions, homeCurrency)) {
    for (const { grain, period } of periodsOf(date)) addTo(periodTotalKey(businessId, grain, period), deltas);
  }
  const counted = [...entries.flatMap((entry) => journalStore.countedAt(businessId, entry)), ...documents.flatMap((document) => documentStore.countedAt(businessId, document)), ...money.flatMap((record) => moneyStore.countedAt(businessId, record)), ...journals.flatMap((journal) => manualJournalStore.countedAt(businessId, journal)),
    ...lines.flatMap((line) => lineStore.countedAt(businessId, line)),
    ...bankTransactions.flatMap((transaction) => bankTransactionStore.countedAt(businessId, transaction)),
    ...transfers.flatMap((transfer) => transferStore.countedAt(businessId, transfer)),
    ...drafts.flatMap((draft) => draftStore.countedAt(businessId, draft)),
    ...journalDrafts.flatMap((draft) => journalDraftStore.countedAt(businessId, draft)),
  ];
  for (const { key, attribute } of counted) addTo(key, { [attribute]: 1 });
  for (const line of lines) for (const { key, attribute, amount } of lineAmountsAt(businessId, { ...line, status: statusOf(line) })) addTo(key, { [attribute]: amount });
  const ledgerLines = entries.flatMap((entry) => generalLedgerItemsOf(businessId, entry, homeCurrency)).map((item): [string, Record<string, unknown>] => [keyText(item), { ...item }]);
  return { entries: entries.length, documents, money, creditAllocations, totals, projected: new Map([...status.items, ...amounts.items, ...ledgerLines]) };
}

/** A total item's sort key, and for a cash-basis gap item (whose keys are the period totals') or a tracking option's, its kind too. */
const itemName = (key: Key) => (key.pk.endsWith('#CASHBASIS') ? `cash basis ${key.sk}` : key.pk.endsWith('#TRACKTOTAL') ? `tracking ${key.sk}` : key.sk);

/** The attributes of a total item that the rebuild owns: balances, dated counts, list counters, rank counts, projection counts, bank-feed line amounts and the tax return's per-rate figures. */
const isTotal = (name: string) => name.startsWith('t:') || name === 'a' || name.startsWith('a@') || name.startsWith('a:') || name.startsWith('b:') || name.startsWith('h:') || name.startsWith('n:') || name.startsWith('y:') || name.startsWith('m:') || name === 'count' || name.startsWith('r:') || name === 'n' || name.startsWith('n@');

/** Every stored total item of the business and of its parties, and the counters of its dated lists, by key. */
async function storedTotals(businessId: Id): Promise<Map<string, Record<string, string>>> {
  const [days, months, cashBasis, tracked, partyTotals, ranks, projected, ...counters] = await Promise.all([
    queryExactNumbers(periodTotalsPk(businessId), 'D#', 'D#\uffff'),
    queryExactNumbers(periodTotalsPk(businessId), 'M#', 'M#\uffff'),
    queryExactNumbers(cashBasisPk(businessId), '!', '\uffff'),
    queryExactNumbers(trackingTotalsPk(businessId), '!', '\uffff'),
    queryExactNumbers(partyTotalsPk(businessId), '!', '\uffff'),
    queryExactNumbers(rankCountsPk(businessId), '!', String.fromCodePoint(0x10ffff)),
    Promise.all(PROJECTIONS.map((name) => queryExactNumbers(projectionCountsPk(businessId, name), '!', String.fromCodePoint(0x10ffff)))).then((lists) => lists.flat()),
    ...DATED_STORES.map((store) => queryExactNumbers(collectionPk(businessId, store.kind), '#COUNT#', '#COUNT#\uffff')),
  ]);
  return new Map([...days, ...months, ...cashBasis, ...tracked, ...partyTotals, ...ranks, ...projected, ...counters.flat()].map((item) => [keyText({ pk: String(item.pk), sk: String(item.sk) }), item]));
}

/**
 * Recomputes a business's totals (balances from its journal, list counts from its records) and its open-document
 * markers from its documents, and reports every difference from what is stored. With `repair`, rewrites what
 * differs and marks the books built. Run it while nothing posts to the business (the local runtime runs it
 * before it listens; the command says so): a posting committing between the reads would be counted as drift.
 */
export async function rebuildLedger(businessId: Id, options: { readonly repair: boolean }): Promise<LedgerDrift> {
  const [homeCurrency, storedJournal] = await Promise.all([homeCurrencyOf(businessId), journalStore.allStored(businessId)]);
  const journal = storedJournal.map((stored) => stored.record);
  const entryVersions = new Map(storedJournal.map((stored) => [stored.record.id, stored.version]));
  const assumed = assumedRates(journal, homeCurrency);
  const [{ entries, documents, money, creditAllocations, totals, projected }, stored, markers, projectedItems, storedReliefs] = await Promise.all([
    expectedTotals(businessId, homeCurrency, journal, entryVersions),
    storedTotals(businessId),
    queryAll({ pk: openDocumentsPk(businessId), sortKey: 'sk', prefix: '' }),
    Promise.all(PROJECTIONS.map((name) => queryAll({ pk: projectionPk(businessId, name), sortKey: 'sk', prefix: '' }))).then((lists) => lists.flat()),
    storedReliefItems(businessId),
  ]);
  const storedProjected = new Map(projectedItems.map((item) => [keyText({ pk: String(item.pk), sk: String(item.sk) }), item]));
  const missingProjected = [...projected].filter(([key, item]) => canonical(storedProjected.get(key)) !== canonical(item)).map(([key]) => key);
  const staleProjected = [...storedProjected.keys()].filter((key) => !projected.has(key));

  const periods: PeriodDrift[] = [];
  const rewrite = new Set<string>();
  for (const id of new Set([...stored.keys(), ...totals.keys()])) {
    const expected = totals.get(id) ?? new Map<string, bigint>();
    const storedItem = stored.get(id) ?? {};
    for (const attribute of new Set([...expected.keys(), ...Object.keys(storedItem).filter(isTotal)])) {
      const want = expected.get(attribute) ?? 0n;
      const have = BigInt(storedItem[attribute] ?? '0');
      if (want !== have) {
        periods.push({ item: itemName(keyOf(id)), attribute, stored: have.toString(), expected: want.toString() });
        rewrite.add(id);
      }
    }
  }

  const expectedMarkers = new Map(documents.filter(isOpenDocument).map((document) => [keyText(openDocumentKey(businessId, document.type, agingDate(document), document.id)), document]));
  const storedMarkers = new Set(markers.map((marker) => keyText({ pk: String(marker.pk), sk: String(marker.sk) })));
  const missingOpenMarkers = [...expectedMarkers.keys()].filter((key) => !storedMarkers.has(key));
  const staleOpenMarkers = [...storedMarkers].filter((key) => !expectedMarkers.has(key));

  // The relief records, compared item by item with what the settlements add up to, like a projection.
  const expectedReliefs = reliefItemsOf(businessId, reliefHistory(documents, money, creditAllocations, homeCurrency));
  const unrecordedReliefs = [...new Set([...expectedReliefs.keys(), ...storedReliefs.keys()])].filter((key) => canonical(expectedReliefs.get(key)) !== canonical(storedReliefs.get(key)));

  if (options.repair) {
    await migrateToHomeCurrency(businessId, journal, homeCurrency);
    await migrateLines(businessId);
    // A total item is written whole with what the rebuild owns (all it holds), or deleted when nothing is left.
    for (const id of rewrite) {
      const values = Object.fromEntries([...(totals.get(id) ?? new Map<string, bigint>())].filter(([, value]) => value !== 0n));
      if (Object.keys(values).length === 0) await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(id) }));
      else await db().send(new PutCommand({ TableName: tableName(), Item: { ...keyOf(id), ...values } }));
    }
    for (const key of missingOpenMarkers) {
      const document = expectedMarkers.get(key)!;
      await db().send(new PutCommand({ TableName: tableName(), Item: { ...openDocumentKey(businessId, document.type, agingDate(document), document.id), document_id: document.id, party_id: document.party_id, currency: document.currency } }));
    }
    for (const key of staleOpenMarkers) await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(key) }));
    for (const key of missingProjected) await db().send(new PutCommand({ TableName: tableName(), Item: projected.get(key)! }));
    for (const key of staleProjected) await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(key) }));
    for (const key of unrecordedReliefs) {
      const item = expectedReliefs.get(key);
      if (item) await db().send(new PutCommand({ TableName: tableName(), Item: item }));
      else await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(key) }));
    }
    const tx = new WriteTransaction();
    markLedgerBuilt(tx, businessId, new Date().toISOString());
    await tx.commit();
  }
  return { entries, documents: documents.length, periods, missingOpenMarkers, staleOpenMarkers, missingProjected, staleProjected, assumedRates: assumed, voidsInLaterPeriods: voidsInLaterPeriods(journal), unrecordedReliefs };
}
