/**
 * A business's tax rates as records (`/tax-rates`): named, of a kind, kept. A business starts with zero, exempt
 * and out-of-scope rates at 0% (written with the business; books kept before have them derived until first
 * written); standard rates are its own. A rate a posting names is marked used in that posting's transaction, and
 * from then on keeps its rate and kind: a new rate is a new tax rate, and the old one is archived.
 */
import { addAuditEntry } from '../../platform/trail/write.ts';
import { addEvent } from '../../platform/outbox/outbox.ts';
import { changedAction, createdAction } from '../../platform/trail/actions.ts';
import { NotFound, RuleViolation, StateConflict } from '../../platform/core/errors.ts';
import { derivedId, newId, type Id } from '../../platform/core/ids.ts';
import { collection } from '../../platform/db/collection.ts';
import { counterKey } from '../../platform/db/keys.ts';
import { readCounter } from '../../platform/db/query.ts';
import { retryOnConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { STARTING_RATES, TAX_CATEGORY, taxRateProblems, type TaxKind } from './tax-kinds.ts';
import type { TaxRateCreateInput, TaxRatePatchInput } from './schemas.ts';

export const MAX_TAX_RATES = 200;

export interface TaxRateRecord {
  readonly id: Id;
  readonly name: string;
  readonly rate: number;
  readonly kind: TaxKind;
  readonly exemption_reason: string | null;
  readonly archived: boolean;
  readonly used: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export const taxRateStore = collection<TaxRateRecord>({ kind: 'TAX_RATE', order: (record) => `TAXRATE#${record.name.toLowerCase()}#${record.id}` });

export function toTaxRateResource(record: TaxRateRecord) {
  return { id: record.id, name: record.name, rate: record.rate, kind: record.kind, category: TAX_CATEGORY[record.kind], exemption_reason: record.exemption_reason, archived: record.archived, used: record.used, created_at: record.created_at, updated_at: record.updated_at };
}

export type TaxRateResource = ReturnType<typeof toTaxRateResource>;

/** The id of a starting rate, or of the standard rate a bare percentage creates: the same for every read. */
export const startingRateId = (businessId: Id, kind: TaxKind) => derivedId(`tax-rate:${businessId}:${kind}`);
export const standardRateId = (businessId: Id, rate: number) => derivedId(`tax-rate:${businessId}:standard:${rate}`);

function startingRates(businessId: Id, at: string): TaxRateRecord[] {
  return STARTING_RATES.map((starting) => ({ id: startingRateId(businessId, starting.kind), name: starting.name, rate: 0, kind: starting.kind, exemption_reason: starting.exemption_reason, archived: false, used: false, created_at: at, updated_at: at }));
}

/** The rates a new business starts with, in its creation's transaction; answers what it wrote, as its audit entry names it. */
export function addStartingRates(tx: WriteTransaction, businessId: Id, createdAt: string): { readonly type: 'tax_rate'; readonly id: Id; readonly no: string }[] {
  return startingRates(businessId, createdAt).map((record) => {
    taxRateStore.addCreate(tx, businessId, record);
    return { type: 'tax_rate', id: record.id, no: record.name };
  });
}

/** A rate as read: stored (with its version), or a starting rate of books kept before rates, not yet written. */
export interface ReadRate {
  readonly record: TaxRateRecord;
  readonly version: number | null;
}

/** Every rate of the business (at most 200: one Query), the starting rates included whether written or not. */
export async function readTaxRates(businessId: Id): Promise<ReadRate[]> {
  const stored = await taxRateStore.allStored(businessId);
  const ids = new Set(stored.map((rate) => rate.record.id));
  const derived = startingRates(businessId, '2000-01-01T00:00:00.000Z').filter((record) => !ids.has(record.id));
  return [...stored.map((rate) => ({ record: rate.record, version: rate.version })), ...derived.map((record) => ({ record, version: null }))].sort((a, b) => a.record.name.localeCompare(b.record.name) || a.record.id.localeCompare(b.record.id));
}

export async function listTaxRates(businessId: Id, includeArchived = false): Promise<{ items: TaxRateResource[] }> {
  return { items: (await readTaxRates(businessId)).filter((rate) => includeArchived || !rate.record.archived).map((rate) => toTaxRateResource(rate.record)) };
}

async function readTaxRate(businessId: Id, id: Id): Promise<ReadRate> {
  const found = (await readTaxRates(businessId)).find((rate) => rate.record.id === id);
  if (!found) throw new NotFound('tax rate');
  return found;
}

export async function getTaxRate(businessId: Id, id: Id): Promise<TaxRateResource> {
  return toTaxRateResource((await readTaxRate(businessId, id)).record);
}

export async function createTaxRate(businessId: Id, input: TaxRateCreateInput): Promise<TaxRateResource> {
  const problems = taxRateProblems({ rate: input.rate, kind: input.kind, exemption_reason: input.exemption_reason ?? null });
  if (problems.length > 0) throw new RuleViolation(problems);
  if ((await readCounter(counterKey(businessId, 'TAX_RATE'))) >= MAX_TAX_RATES) throw new StateConflict(`The business already has the most tax rates it may have (${MAX_TAX_RATES}); archive or rename one instead.`);
  const now = new Date().toISOString();
  const record: TaxRateRecord = { id: newId(), name: input.name, rate: input.rate, kind: input.kind, exemption_reason: input.exemption_reason ?? null, archived: false, used: false, created_at: now, updated_at: now };
  const tx = new WriteTransaction();
  taxRateStore.addCreate(tx, businessId, record);
  addAuditEntry(tx, businessId, createdAction('tax_rate', toTaxRateResource(record)));
  addEvent(tx, businessId, 'tax_rate.created', toTaxRateResource(record));
  await tx.commit();
  return toTaxRateResource(record);
}

/** Renames, re-describes or archives a rate; its rate and kind change only while no posting names it. */
export async function updateTaxRate(businessId: Id, id: Id, patch: TaxRatePatchInput): Promise<TaxRateResource> {
  return retryOnConflict(async () => {
    const read = await readTaxRate(businessId, id);
    const before = read.record;
    const next: TaxRateRecord = {
      ...before,
      name: patch.name ?? before.name,
      rate: patch.rate ?? before.rate,
      kind: patch.kind ?? before.kind,
      exemption_reason: patch.exemption_reason === undefined ? before.exemption_reason : patch.exemption_reason,
      archived: patch.archived ?? before.archived,
      updated_at: new Date().toISOString(),
    };
    const problems = taxRateProblems(next);
    if (before.used && next.rate !== before.rate) problems.push({ field: 'rate', message: 'cannot change: postings name this rate. Create a new tax rate and archive this one' });
    if (before.used && next.kind !== before.kind) problems.push({ field: 'kind', message: 'cannot change: postings name this rate. Create a new tax rate and archive this one' });
    if (problems.length > 0) throw new RuleViolation(problems);
    const tx = new WriteTransaction();
    // A starting rate of older books is written by its first change; a posting marking it used meanwhile wins the race.
    if (read.version === null) taxRateStore.addCreate(tx, businessId, next);
    else taxRateStore.addReplace(tx, businessId, next, read.version);
    addAuditEntry(tx, businessId, changedAction(next.archived && !before.archived ? 'archived' : 'updated', 'tax_rate', toTaxRateResource(before), toTaxRateResource(next)));
    addEvent(tx, businessId, 'tax_rate.updated', toTaxRateResource(next));
    await tx.commit();
    return toTaxRateResource(next);
  });
}

/**
 * Marks the rates a posting names as used, in the posting's transaction: a rate not written yet (a starting rate
 * of older books, a standard rate a bare percentage asked for) is created used; a written one not yet used moves
 * to used and a new version, on condition its rate and kind are still those the posting read, so a change racing
 * the posting fails one of the two and it is decided again. A rate used already costs the posting nothing.
 * A standard rate made here gets its own `created` entry, so it has a history like a rate made by POST /tax-rates
 * (a starting rate has its business's creation entry).
 */
export function addRatesUsed(tx: WriteTransaction, businessId: Id, rates: readonly ReadRate[]): void {
  for (const { record, version } of rates) {
    if (record.used) continue;
    const used = { ...record, used: true };
    if (version === null) {
      taxRateStore.addCreate(tx, businessId, used);
      if (record.id !== startingRateId(businessId, record.kind)) addAuditEntry(tx, businessId, createdAction('tax_rate', toTaxRateResource(used)));
      continue;
    }
    tx.update(
      'TAX_RATE:use',
      taxRateStore.keyOf(businessId, record.id),
      { expression: 'SET used = :used, version = version + :one', values: { ':used': true, ':one': 1 } },
      { expression: '#rate = :rate AND #kind = :kind AND version = :version', names: { '#rate': 'rate', '#kind': 'kind' }, values: { ':rate': record.rate, ':kind': record.kind, ':version': version } },
    );
  }
}

/**
 * The rates a posting creates as it names them (a standard rate a bare percentage asked for, a starting rate of
 * older books): related records of the posting's entry, which says why they were made.
 */
export function ratesCreated(named: readonly ReadRate[]): { readonly type: 'tax_rate'; readonly id: Id; readonly no: string }[] {
  return named.filter((rate) => rate.version === null).map(({ record }) => ({ type: 'tax_rate', id: record.id, no: record.name }));
}

/** A standard rate a bare percentage names when the business has none active of that percentage: created by its first posting. */
export function standardRateFor(businessId: Id, rate: number, at: string): TaxRateRecord {
  return { id: standardRateId(businessId, rate), name: `Standard ${rate}%`, rate, kind: 'standard', exemption_reason: null, archived: false, used: false, created_at: at, updated_at: at };
}

