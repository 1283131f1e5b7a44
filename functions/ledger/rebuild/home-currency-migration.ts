/**
 * Books posted before the home currency existed, brought up to it by the rebuild (build version 4): the realized
 * gains account added to the chart, and every foreign posting without a rate marked with 1 (no rate could be
 * recorded before then) and listed, so an accountant can see which home amounts are provisional.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../shared/platform/db/client.ts';
import { type Key } from '../../../shared/platform/db/keys.ts';
import { accountCodeKey } from '../../../shared/ledger/chart.ts';
import { batchGet } from '../../../shared/platform/db/query.ts';
import { WriteTransaction } from '../../../shared/platform/db/transaction.ts';
import { HOME_RATE } from '../../../shared/ledger/exchange.ts';
import { homeAmountsOf } from '../../../shared/ledger/home-amounts.ts';
import type { Id } from '../../../shared/platform/core/ids.ts';
import { SYSTEM_ACCOUNTS, systemAccountId } from '../../../shared/ledger/ledger-rules.ts';
import { documentStore } from '../../../shared/ledger/documents/records.ts';
import { manualJournalStore } from '../../../shared/ledger/journals.ts';
import { moneyStore } from '../../../shared/cash/index.ts';
import { accountStore } from '../../../shared/ledger/accounts.ts';
import type { JournalEntryRecord } from '../../../shared/ledger/journal.ts';
import { journalStore } from '../../../shared/ledger/journal.ts';

/** A foreign posting booked before rates, now at rate 1. */
export interface AssumedRate {
  readonly document_type: string;
  readonly document_no: string | null;
  readonly entry_id: Id;
  readonly date: string;
  readonly currency: string;
}

/** The foreign entries that carry no rate: booked before rates existed. */
export function entriesWithoutRate(entries: readonly JournalEntryRecord[], homeCurrency: string): JournalEntryRecord[] {
  return entries.filter((entry) => entry.exchange_rate === undefined && entry.currency !== homeCurrency);
}

/** Those, and those the migration already marked: every foreign posting whose rate 1 is assumed. */
export function assumedRates(entries: readonly JournalEntryRecord[], homeCurrency: string): AssumedRate[] {
  return entries.filter((entry) => entry.currency !== homeCurrency && (entry.exchange_rate === undefined || entry.rate_assumed === true)).map((entry) => ({ document_type: entry.document_type, document_no: entry.document_no, entry_id: entry.id, date: entry.date, currency: entry.currency }));
}

/** Where the record that owns an entry is kept, by the entry's document type. */
function ownerKey(businessId: Id, entry: JournalEntryRecord): Key | undefined {
  if (entry.document_type === 'receipt' || entry.document_type === 'payment') return moneyStore.keyOf(businessId, entry.document_id);
  if (entry.document_type === 'manual_journal') return manualJournalStore.keyOf(businessId, entry.document_id);
  if (entry.document_type === 'opening_balance' || entry.document_type === 'credit_allocation') return undefined;
  return documentStore.keyOf(businessId, entry.document_id);
}

const setRate = (key: Key, extra: Record<string, unknown> = {}) => {
  const names = Object.keys(extra);
  return new UpdateCommand({
    TableName: tableName(),
    Key: key,
    ConditionExpression: 'attribute_exists(pk)',
    UpdateExpression: `SET exchange_rate = if_not_exists(exchange_rate, :one)${names.map((name, index) => `, #x${index} = :x${index}`).join('')}`,
    ExpressionAttributeNames: names.length ? Object.fromEntries(names.map((name, index) => [`#x${index}`, name])) : undefined,
    ExpressionAttributeValues: { ':one': HOME_RATE, ...Object.fromEntries(names.map((name, index) => [`:x${index}`, extra[name]])) },
  });
};

/**
 * Writes rate 1 and the home amounts on each foreign entry booked without a rate, and rate 1 on the record it
 * belongs to; adds the realized gains account to a chart that predates it (with no code if a custom account
 * already holds 4900).
 */
export async function migrateToHomeCurrency(businessId: Id, entries: readonly JournalEntryRecord[], homeCurrency: string): Promise<void> {
  for (const entry of entriesWithoutRate(entries, homeCurrency)) {
    const lines = entry.lines.map((line) => ({ ...line, ...homeAmountsOf(line, entry, homeCurrency) }));
    await db().send(setRate(journalStore.keyOf(businessId, entry.id), { lines, rate_assumed: true }));
    const owner = ownerKey(businessId, entry);
    if (owner) await db().send(setRate(owner));
  }
  const gainsId = systemAccountId(businessId, 'realized_fx');
  const read = await batchGet([accountStore.keyOf(businessId, gainsId), accountCodeKey(businessId, SYSTEM_ACCOUNTS.realized_fx.code)]);
  if (read(accountStore.keyOf(businessId, gainsId))) return;
  const account = SYSTEM_ACCOUNTS.realized_fx;
  const now = new Date().toISOString();
  const tx = new WriteTransaction();
  const codeTaken = read(accountCodeKey(businessId, account.code)) !== undefined;
  accountStore.addCreate(tx, businessId, { id: gainsId, code: codeTaken ? null : account.code, name: account.name, type: account.type, system_role: 'realized_fx', cash_flow: false, kind: null, currency: null, opening_balance_minor: 0, created_at: now, updated_at: now });
  await tx.commit();
}
