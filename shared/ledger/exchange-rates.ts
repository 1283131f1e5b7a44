/**
 * A business's exchange rates: one record per currency and day, listed newest first, and the most recent of each
 * currency kept together in one item (`recentRatesKey`) that the posting path reads with every posting.
 */
import { addAuditEntry } from '../platform/trail/write.ts';
import { changedAction, createdAction } from '../platform/trail/actions.ts';
import { collection, WHOLE_COLLECTION, type View } from '../platform/db/collection.ts';
import { collectionPk, settingsKey, type Key } from '../platform/db/keys.ts';
import { batchGet, queryPage, type Item } from '../platform/db/query.ts';
import { mustNotExist, retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { RuleViolation } from '../platform/core/errors.ts';
import { parseRate, rateNumber, recentRateOn, storedRate, withRecentRate, type Rate, type RateHistory } from './exchange.ts';
import { derivedId, type Id } from '../platform/core/ids.ts';
import { pageOfList, type Page, type PageRequest } from '../platform/core/paging.ts';

export interface ExchangeRateRecord {
  readonly id: Id;
  readonly currency: string;
  readonly date: string;
  readonly rate: Rate;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A date as a key that sorts newest first: 2026-11-24 → 79738875. */
const newestFirst = (date: string) => String(99_999_999 - Number(date.replaceAll('-', ''))).padStart(8, '0');

const rateStore = collection<ExchangeRateRecord>({
  kind: 'FXRATE',
  order: (record) => `${newestFirst(record.date)}#${record.currency}`,
  order2: (record) => `${record.currency}#${newestFirst(record.date)}`,
  views: (record) => [WHOLE_COLLECTION, currencyView(record.currency)],
});

function currencyView(currency: string): View {
  return { prefix: `${currency}#`, counter: currency, index: 'lsi2' };
}

const rateId = (currency: string, date: string) => derivedId(`rate:${currency}:${date}`);

export function toRateResource(record: ExchangeRateRecord) {
  return { currency: record.currency, date: record.date, rate: rateNumber(record.rate), created_at: record.created_at, updated_at: record.updated_at };
}

export type ExchangeRateResource = ReturnType<typeof toRateResource>;

/** The recent rates of every currency, as the item holds them: `{ EUR: { recent: [[date, rate], …], complete } }`. */
export interface RecentRates {
  readonly version: number;
  readonly currencies: Readonly<Record<string, { readonly recent: RateHistory; readonly complete: boolean }>>;
}

export function recentRatesOf(item: Item | undefined): RecentRates {
  // Written only by recordExchangeRate, in this shape.
  const currencies = (item?.currencies ?? {}) as RecentRates['currencies'];
  return { version: typeof item?.version === 'number' ? item.version : 0, currencies };
}

/**
 * Records a rate (a second one for the same currency and day replaces it): the record and the recent rates item,
 * in one transaction under the version of the item read. `created` tells a new day from a replaced one.
 */
export async function recordExchangeRate(businessId: Id, homeCurrency: string, input: { readonly currency: string; readonly date: string; readonly rate: number }): Promise<{ readonly resource: ExchangeRateResource; readonly created: boolean }> {
  if (input.currency === homeCurrency) throw RuleViolation.of('currency', `is the home currency (${homeCurrency}), whose rate is always 1`);
  const parsed = parseRate(input.rate);
  if ('problem' in parsed) throw RuleViolation.of('rate', parsed.problem);
  return retryOnConflict(async () => {
    const recordKey = rateStore.keyOf(businessId, rateId(input.currency, input.date));
    const read = await batchGet([recordKey, recentRatesKey(businessId)]);
    const existing = rateStore.fromItem(read(recordKey));
    const recent = recentRatesOf(read(recentRatesKey(businessId)));
    const now = new Date().toISOString();
    const record: ExchangeRateRecord = { id: rateId(input.currency, input.date), currency: input.currency, date: input.date, rate: parsed.rate, created_at: existing?.record.created_at ?? now, updated_at: now };
    const tx = new WriteTransaction();
    if (existing) rateStore.addReplace(tx, businessId, record, existing.version);
    else rateStore.addCreate(tx, businessId, record);
    const held = recent.currencies[input.currency];
    const next = withRecentRate(held?.recent ?? [], input.date, parsed.rate);
    // A currency's history is complete in the item until the first rate falls off its end.
    const currencies = { ...recent.currencies, [input.currency]: { recent: next.kept, complete: (held?.complete ?? true) && !next.dropped } };
    tx.put('FXRATE:recent', { ...recentRatesKey(businessId), entity: 'RECENT_RATES', currencies, version: recent.version + 1 }, recent.version === 0 ? mustNotExist : { expression: 'version = :read', values: { ':read': recent.version } });
    const audited = (rate: ExchangeRateRecord) => ({ id: rate.id, ...toRateResource(rate) });
    addAuditEntry(tx, businessId, existing ? changedAction('replaced', 'exchange_rate', audited(existing.record), audited(record)) : createdAction('exchange_rate', audited(record)));
    await tx.commit();
    return { resource: toRateResource(record), created: !existing };
  });
}

/** Rates newest first, of one currency or all, within dates or not. */
export async function listExchangeRates(businessId: Id, query: { readonly currency?: string | undefined; readonly from?: string | undefined; readonly to?: string | undefined }, page: PageRequest): Promise<Page<ExchangeRateResource>> {
  const view = query.currency ? currencyView(query.currency) : WHOLE_COLLECTION;
  if (!query.from && !query.to) {
    const result = await rateStore.page(businessId, page, view);
    return { ...result, items: result.items.map(toRateResource) };
  }
  // A date range holds at most one rate per currency and day: it is read whole, bounded by its own length.
  const index = view.index ?? 'lsi1';
  const within = await rateStore.between(businessId, index, `${view.prefix}${newestFirst(query.to ?? '9999-12-31')}`, `${view.prefix}${newestFirst(query.from ?? '0001-01-01')}#\uffff`);
  return pageOfList(within, page, toRateResource);
}

/** The latest rate of `currency` on or before `date` in the full history: one bounded query (one item). */
async function latestRateBefore(businessId: Id, currency: string, date: string): Promise<Rate | undefined> {
  const view = currencyView(currency);
  const [item] = await queryPage({ pk: collectionPk(businessId, 'FXRATE'), index: 'lsi2', sortKey: 'lsi2sk', prefix: view.prefix, between: [`${view.prefix}${newestFirst(date)}`, `${view.prefix}\uffff`] }, 0, 1);
  return storedRate(item?.rate);
}

/**
 * The business's rate of `currency` on `date`: the latest on or before it, from the recent rates read with the
 * posting; only a date before the oldest kept asks the full history (one query, for back-dated postings).
 */
export async function businessRateOn(businessId: Id, recent: RecentRates, currency: string, date: string): Promise<Rate | undefined> {
  const held = recent.currencies[currency];
  const found = recentRateOn(held?.recent, date, held?.complete ?? true);
  return found === 'older' ? latestRateBefore(businessId, currency, date) : found;
}

/**
 * A business's most recent exchange rates per currency, in one item that every posting reads with its ledger
 * rules (in the same BatchGetItem), so finding a posting's rate costs no round trip of its own.
 */
export function recentRatesKey(businessId: Id): Key {
  return settingsKey(businessId, 'RATES');
}
