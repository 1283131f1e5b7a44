/**
 * A business's tracking categories (`/tracking-categories`), kept together in one item beside the ledger's rules:
 * at most ten (two active) of at most 100 options, so a posting whose lines name options reads them in one
 * GetItem. A change moves the ledger's rules version in its own transaction, so a posting decided on the
 * categories as they were (an option archived since) fails its rules check and is decided again
 * (`shared/ledger/posting.ts`): no posting ever names an option archived before it committed.
 */
import { addAuditEntry } from '../../platform/trail/write.ts';
import { changedAction, createdAction } from '../../platform/trail/actions.ts';
import { NotFound, RuleViolation } from '../../platform/core/errors.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { settingsKey, type Key } from '../../platform/db/keys.ts';
import { batchGet, getItem, type Item } from '../../platform/db/query.ts';
import { retryOnConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { ledgerRulesOf } from '../lock-date.ts';
import { addRulesChange, ledgerRulesKey } from '../rules.ts';
import { categoryProblems, trackingProblems, type TrackingCategoryRecord, type TrackingRef } from './tracking-rules.ts';
import type { TrackingCategoryCreateInput, TrackingCategoryPatchInput, TrackingCategoryResource } from './schemas.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';

export function trackingCategoriesKey(businessId: Id): Key {
  return settingsKey(businessId, 'TRACKING');
}

function categoriesOf(item: Item | undefined): TrackingCategoryRecord[] {
  return Array.isArray(item?.categories) ? (item.categories as TrackingCategoryRecord[]) : [];
}

export async function readTrackingCategories(businessId: Id): Promise<TrackingCategoryRecord[]> {
  return categoriesOf(await getItem(trackingCategoriesKey(businessId)));
}

export function toTrackingCategoryResource(record: TrackingCategoryRecord): TrackingCategoryResource {
  return { id: record.id, name: record.name, archived: record.archived, options: record.options.map(({ id, name, archived }) => ({ id, name, archived })), created_at: record.created_at, updated_at: record.updated_at };
}

/** Active categories first, then by name. */
export async function listTrackingCategories(businessId: Id): Promise<{ items: TrackingCategoryResource[] }> {
  const categories = await readTrackingCategories(businessId);
  return { items: [...categories].sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name)).map(toTrackingCategoryResource) };
}

/**
 * The problems of lines' tracking against the business's categories, read only when some line names an option: a
 * posting without tracking reads nothing more. Each problem names its line (`lines[2].tracking[0].option_id`).
 */
export async function lineTrackingProblems(businessId: Id, lines: readonly { readonly tracking?: readonly TrackingRef[] | undefined }[], field = (index: number) => `lines[${index}]`): Promise<FieldProblem[]> {
  if (!lines.some((line) => (line.tracking ?? []).length > 0)) return [];
  const categories = await readTrackingCategories(businessId);
  return lines.flatMap((line, index) => trackingProblems(categories, line.tracking ?? [], field(index)));
}

/** Writes the categories with the change, moving the ledger's rules version on the condition it is the one read. */
async function change(businessId: Id, activeField: 'name' | 'archived', make: (categories: TrackingCategoryRecord[], now: string) => { next: TrackingCategoryRecord[]; changed: TrackingCategoryRecord; audit: (tx: WriteTransaction) => void }): Promise<TrackingCategoryResource> {
  return retryOnConflict(async () => {
    const read = await batchGet([trackingCategoriesKey(businessId), ledgerRulesKey(businessId)]);
    const { next, changed, audit } = make(categoriesOf(read(trackingCategoriesKey(businessId))), new Date().toISOString());
    const problems = categoryProblems(next, changed, activeField);
    if (problems.length > 0) throw new RuleViolation(problems);
    const tx = new WriteTransaction();
    tx.put('TRACKING:categories', { ...trackingCategoriesKey(businessId), entity: 'TRACKING_CATEGORIES', categories: next });
    addRulesChange(tx, businessId, ledgerRulesOf(read(ledgerRulesKey(businessId))));
    audit(tx);
    await tx.commit();
    return toTrackingCategoryResource(changed);
  });
}

export function createTrackingCategory(businessId: Id, input: TrackingCategoryCreateInput): Promise<TrackingCategoryResource> {
  return change(businessId, 'name', (categories, now) => {
    const changed: TrackingCategoryRecord = { id: newId(), name: input.name, archived: false, options: input.options.map((option) => ({ id: newId(), name: option.name, archived: option.archived ?? false })), created_at: now, updated_at: now };
    return { next: [...categories, changed], changed, audit: (tx) => addAuditEntry(tx, businessId, createdAction('tracking_category', describe(changed))) };
  });
}

export function updateTrackingCategory(businessId: Id, id: Id, patch: TrackingCategoryPatchInput): Promise<TrackingCategoryResource> {
  return change(businessId, 'archived', (categories, now) => {
    const before = categories.find((category) => category.id === id);
    if (!before) throw new NotFound('tracking category');
    const options = [...before.options];
    const problems: FieldProblem[] = [];
    (patch.options ?? []).forEach((option, index) => {
      if (!option.id) {
        if (!option.name) return void problems.push({ field: `options[${index}].name`, message: 'is required for a new option (one without an id)' });
        return void options.push({ id: newId(), name: option.name, archived: option.archived ?? false });
      }
      const at = options.findIndex((candidate) => candidate.id === option.id);
      if (at < 0) return void problems.push({ field: `options[${index}].id`, message: `is not an option of ${before.name}` });
      options[at] = { ...options[at]!, name: option.name ?? options[at]!.name, archived: option.archived ?? options[at]!.archived };
    });
    if (problems.length > 0) throw new RuleViolation(problems);
    const changed: TrackingCategoryRecord = { ...before, name: patch.name ?? before.name, archived: patch.archived ?? before.archived, options, updated_at: now };
    const action = changed.archived && !before.archived ? 'archived' : 'updated';
    return { next: categories.map((category) => (category.id === id ? changed : category)), changed, audit: (tx) => addAuditEntry(tx, businessId, changedAction(action, 'tracking_category', describe(before), describe(changed))) };
  });
}

/** A category as its audit entry names it: its name as its number, its options as `name (archived)`. */
function describe(record: TrackingCategoryRecord) {
  return { id: record.id, no: record.name, name: record.name, archived: record.archived, options: record.options.map((option) => `${option.name}${option.archived ? ' (archived)' : ''}`).join(', ') };
}
