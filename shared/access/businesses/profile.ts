/**
 * The business profile (what an invoice shows of the business, its home currency and financial year) and its
 * lock date. The profile lives on the business's own item; the lock date on the ledger's rules item, which every
 * posting reads and checks (`shared/ledger/posting.ts`).
 */
import { addAuditEntry } from '../../platform/trail/write.ts';
import { changedAction } from '../../platform/trail/actions.ts';
import { businessKey, counterKey } from '../../platform/db/keys.ts';
import { addRulesChange, ledgerRulesKey, ledgerRulesOf, scopeToMoveLockDate } from '../../ledger/index.ts';
import { batchGet, getItem, readCounter, type Item } from '../../platform/db/query.ts';
import { retryOnConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { NotFound, ScopeRequired, StateConflict } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { Scope } from '../../platform/http/scopes.ts';
import { emit } from '../../platform/outbox/emit.ts';
import type { BusinessPatchInput, BusinessProfileResource } from './schemas.ts';

const PROFILE_FIELDS = ['legal_name', 'email', 'phone', 'address', 'tax_number', 'electronic_address', 'payment_instructions'] as const;

/** A business that never set its financial year starts it in January. */
export const DEFAULT_FISCAL_YEAR_START_MONTH = 1;

function toProfile(businessId: Id, item: Item, lockDate: string | null): BusinessProfileResource {
  const optional = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, item[field] ?? null])) as Pick<BusinessProfileResource, (typeof PROFILE_FIELDS)[number]>;
  return {
    id: businessId,
    name: String(item.name),
    ...optional,
    base_currency: String(item.currency),
    fiscal_year_start_month: typeof item.fiscal_year_start_month === 'number' ? item.fiscal_year_start_month : DEFAULT_FISCAL_YEAR_START_MONTH,
    tax_rounding: item.tax_rounding === 'line' ? 'line' : 'rate',
    payment_terms_days: typeof item.payment_terms_days === 'number' ? item.payment_terms_days : null,
    lock_date: lockDate,
  };
}

async function readProfile(businessId: Id) {
  const read = await batchGet([businessKey(businessId), ledgerRulesKey(businessId)]);
  const item = read(businessKey(businessId));
  if (!item) throw new NotFound('business');
  return { item, rules: ledgerRulesOf(read(ledgerRulesKey(businessId))) };
}

export async function getBusinessProfile(businessId: Id): Promise<BusinessProfileResource> {
  const { item, rules } = await readProfile(businessId);
  return toProfile(businessId, item, rules.lockDate);
}

/**
 * Changes the profile under the version read (`updated_at`), so two edits never lose one another. The home
 * currency is fixed once anything is posted: every amount already booked is in it.
 */
export async function updateBusinessProfile(businessId: Id, patch: BusinessPatchInput): Promise<BusinessProfileResource> {
  return retryOnConflict(async () => {
    const { item, rules } = await readProfile(businessId);
    if (patch.base_currency !== undefined && patch.base_currency !== item.currency && (await readCounter(counterKey(businessId, 'JOURNAL'))) > 0) {
      throw new StateConflict(`base_currency: the business has postings in ${String(item.currency)}; its home currency can no longer change.`);
    }
    const { base_currency: baseCurrency, ...fields } = patch;
    const next: Item = { ...item, ...fields, ...(baseCurrency ? { currency: baseCurrency } : {}), updated_at: new Date().toISOString() };
    const tx = new WriteTransaction();
    tx.put('BUSINESS:version', next, item.updated_at === undefined ? { expression: 'attribute_not_exists(updated_at)' } : { expression: 'updated_at = :read', values: { ':read': item.updated_at } });
    if (baseCurrency !== undefined && baseCurrency !== item.currency) {
      // Postings decide their home amounts in the currency they read: a change moves the rules every posting
      // checks, and holds only while the journal is still empty (the same counter every posting moves).
      addRulesChange(tx, businessId, rules);
      tx.check('JOURNAL:empty', counterKey(businessId, 'JOURNAL'), { expression: 'attribute_not_exists(#count) OR #count = :zero', names: { '#count': 'count' }, values: { ':zero': 0 } });
    }
    addAuditEntry(tx, businessId, changedAction('updated', 'business', toProfile(businessId, item, rules.lockDate), toProfile(businessId, next, rules.lockDate)));
    await tx.commit();
    return toProfile(businessId, next, rules.lockDate);
  });
}

/**
 * Moves the lock date. Later needs the ledger's update right; earlier or cleared needs the business's settings
 * right (`scopeToMoveLockDate`). The change moves the ledger's rules version, so a posting decided under the old
 * date fails its check and is decided again under the new one; `business.lock_date_changed` is written with it.
 */
export async function setLockDate(businessId: Id, lockDate: string | null, held: ReadonlySet<Scope>): Promise<BusinessProfileResource> {
  return retryOnConflict(async () => {
    const { item, rules } = await readProfile(businessId);
    const needed = scopeToMoveLockDate(rules.lockDate, lockDate);
    if (!held.has(needed)) throw new ScopeRequired(needed);
    // The same date again changes nothing: no event, and no posting in flight is made to decide again.
    if (lockDate === rules.lockDate) return toProfile(businessId, item, lockDate);
    const tx = new WriteTransaction();
    addRulesChange(tx, businessId, rules, { lockDate });
    emit(tx, businessId, 'business.lock_date_changed', { lock_date: lockDate, previous_lock_date: rules.lockDate });
    addAuditEntry(tx, businessId, { action: 'updated', record: { type: 'business', id: businessId, no: null }, changes: [{ field: 'lock_date', from: rules.lockDate, to: lockDate }] });
    await tx.commit();
    return toProfile(businessId, item, lockDate);
  });
}

/** The month the business's financial year starts (its reports' "this year"). */
export async function fiscalYearStartMonth(businessId: Id): Promise<number> {
  const item = await getItem(businessKey(businessId));
  return typeof item?.fiscal_year_start_month === 'number' ? item.fiscal_year_start_month : DEFAULT_FISCAL_YEAR_START_MONTH;
}
