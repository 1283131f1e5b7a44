import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../db/client.ts';
import { openDocumentKey, openDocumentsPk, periodTotalKey, type Key } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { WriteTransaction } from '../db/transaction.ts';
import type { Id } from '../domain/ids.ts';
import { balanceDeltas, periodsOf, type PeriodGrain } from '../domain/period-totals.ts';
import { agingDate, documentStore, isOpenDocument } from '../documents/records.ts';
import { journalStore } from './journal.ts';
import { moneyStore } from '../money/records.ts';
import { markLedgerBuilt, storedPeriodTotals } from './period-totals.ts';

export interface PeriodDrift {
  readonly grain: PeriodGrain;
  readonly period: string;
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
}

const keyText = (key: Key) => `${key.pk}\u0000${key.sk}`;

/**
 * The period items the books add up to: each journal entry's nets, and a count for each record of every list
 * that is counted by date (documents, receipts and payments, journal entries).
 */
async function expectedTotals(businessId: Id) {
  const [entries, documents, money] = await Promise.all([journalStore.all(businessId), documentStore.all(businessId), moneyStore.all(businessId)]);
  const totals = new Map<string, { grain: PeriodGrain; period: string; values: Map<string, bigint> }>();
  const add = (date: string, deltas: Readonly<Record<string, number>>) => {
    for (const { grain, period } of periodsOf(date)) {
      const id = `${grain}#${period}`;
      const item = totals.get(id) ?? { grain, period, values: new Map<string, bigint>() };
      totals.set(id, item);
      for (const [attribute, delta] of Object.entries(deltas)) item.values.set(attribute, (item.values.get(attribute) ?? 0n) + BigInt(delta));
    }
  };
  for (const entry of entries) add(entry.date, balanceDeltas(entry));
  const counted = [...entries.flatMap((entry) => journalStore.datedCountsOf(entry)), ...documents.flatMap((document) => documentStore.datedCountsOf(document)), ...money.flatMap((record) => moneyStore.datedCountsOf(record))];
  for (const { attribute, date } of counted) add(date, { [attribute]: 1 });
  return { entries: entries.length, documents, totals };
}

/** The attributes of a period item that the rebuild owns: balances and dated counts. */
const isTotal = (name: string) => name.startsWith('b:') || name.startsWith('n:');

/**
 * Recomputes a business's period totals (balances from its journal, list counts from its records) and its
 * open-document markers from its documents, and
 * reports every difference from what is stored. With `repair`, rewrites what differs and marks the books built.
 * Run it while nothing posts to the business (the local runtime runs it before it listens; the command says so):
 * a posting committing between the reads would be counted as drift.
 */
export async function rebuildLedger(businessId: Id, options: { readonly repair: boolean }): Promise<LedgerDrift> {
  const [{ entries, documents, totals }, storedDays, storedMonths, markers] = await Promise.all([
    expectedTotals(businessId),
    storedPeriodTotals(businessId, 'D'),
    storedPeriodTotals(businessId, 'M'),
    queryAll({ pk: openDocumentsPk(businessId), sortKey: 'sk', prefix: '' }),
  ]);

  const periods: PeriodDrift[] = [];
  const rewrite = new Set<string>();
  for (const [grain, stored] of [['D', storedDays], ['M', storedMonths]] as const) {
    const ids = new Set([...stored.keys()].map((period) => `${grain}#${period}`).concat([...totals.keys()].filter((id) => id.startsWith(`${grain}#`))));
    for (const id of ids) {
      const period = id.slice(2);
      const expected = totals.get(id)?.values ?? new Map<string, bigint>();
      const storedItem = stored.get(period) ?? {};
      const attributes = new Set([...expected.keys(), ...Object.keys(storedItem).filter(isTotal)]);
      for (const attribute of attributes) {
        const want = expected.get(attribute) ?? 0n;
        const have = BigInt(storedItem[attribute] ?? '0');
        if (want !== have) {
          periods.push({ grain, period, attribute, stored: have.toString(), expected: want.toString() });
          rewrite.add(id);
        }
      }
    }
  }

  const expectedMarkers = new Map(documents.filter(isOpenDocument).map((document) => [keyText(openDocumentKey(businessId, document.type, agingDate(document), document.id)), document]));
  const storedMarkers = new Set(markers.map((marker) => keyText({ pk: String(marker.pk), sk: String(marker.sk) })));
  const missingOpenMarkers = [...expectedMarkers.keys()].filter((key) => !storedMarkers.has(key));
  const staleOpenMarkers = [...storedMarkers].filter((key) => !expectedMarkers.has(key));

  if (options.repair) {
    for (const id of rewrite) {
      const [grain, period] = [id.slice(0, 1) as PeriodGrain, id.slice(2)];
      const values = Object.fromEntries([...(totals.get(id)?.values ?? new Map<string, bigint>())].filter(([, value]) => value !== 0n));
      await db().send(new PutCommand({ TableName: tableName(), Item: { ...periodTotalKey(businessId, grain, period), ...values } }));
    }
    for (const key of missingOpenMarkers) {
      const document = expectedMarkers.get(key)!;
      await db().send(new PutCommand({ TableName: tableName(), Item: { ...openDocumentKey(businessId, document.type, agingDate(document), document.id), document_id: document.id, party_id: document.party_id, currency: document.currency } }));
    }
    for (const key of staleOpenMarkers) {
      const [pk, sk] = key.split('\u0000') as [string, string];
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk } }));
    }
    const tx = new WriteTransaction();
    markLedgerBuilt(tx, businessId, new Date().toISOString());
    await tx.commit();
  }
  return { entries, documents: documents.length, periods, missingOpenMarkers, staleOpenMarkers };
}
