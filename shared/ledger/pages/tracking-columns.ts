/**
 * Tracking in the editors of lines (documents, journals): a column per active category (at most two, in a fixed
 * order: by category id), each a select of its active options whose value names both (`<category>:<option>`), so a
 * row's choice reads back as the API's `tracking` without a read; and a refusal of `lines[k].tracking[j]` placed on
 * the column it came from.
 */
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { LineColumn } from '../../platform/web/line-editor.tsx';
import type { TrackingCategoryResource } from '../tracking/schemas.ts';
import type { MAX_ACTIVE_CATEGORIES } from '../tracking/tracking-rules.ts';

export const TRACKING_COLUMNS = ['tracking_0', 'tracking_1'] as const satisfies readonly string[] & { length: typeof MAX_ACTIVE_CATEGORIES };
export type TrackingColumn = (typeof TRACKING_COLUMNS)[number];

const slotted = (categories: readonly TrackingCategoryResource[]) => categories.filter((category) => !category.archived).sort((a, b) => a.id.localeCompare(b.id)).slice(0, TRACKING_COLUMNS.length);

/** The editor's tracking columns: one per active category, labelled by its name. */
export function trackingColumns(categories: readonly TrackingCategoryResource[]): LineColumn<TrackingColumn>[] {
  return slotted(categories).map((category, slot) => ({ name: TRACKING_COLUMNS[slot]!, label: category.name, select: { choices: category.options.filter((option) => !option.archived).map((option) => ({ id: `${category.id}:${option.id}`, name: option.name })), empty: '—' } }));
}

/** A row's choices as the API's `tracking` (none when nothing is chosen). */
export function rowTracking(row: Readonly<Record<TrackingColumn, string>>): { category_id: string; option_id: string }[] {
  return TRACKING_COLUMNS.flatMap((column) => {
    const [category, option] = row[column].trim().split(':');
    return category && option ? [{ category_id: category, option_id: option }] : [];
  });
}

/** A line's `tracking` as its row's columns: each option in its category's column, as the editor draws them. */
export function trackingCells(tracking: readonly { readonly category_id: string; readonly option_id: string }[]): Record<TrackingColumn, string> {
  const sorted = [...tracking].sort((a, b) => a.category_id.localeCompare(b.category_id));
  return Object.fromEntries(TRACKING_COLUMNS.map((column, slot) => [column, sorted[slot] ? `${sorted[slot].category_id}:${sorted[slot].option_id}` : ''])) as Record<TrackingColumn, string>;
}

/**
 * Problems of `lines[k].tracking[j]…` (and of `lines[k].tracking`) renamed to the column of the row they came from:
 * `lines[k].tracking_<slot>`, where the j-th option the row named was chosen.
 */
export function trackingProblemsOnColumns(problems: readonly FieldProblem[], rows: readonly Readonly<Record<TrackingColumn, string>>[], kept: readonly number[]): FieldProblem[] {
  return problems.map((problem) => {
    const match = /^lines\[(\d+)\]\.tracking(?:\[(\d+)\](?:\.\w+)?)?$/.exec(problem.field);
    const row = match ? rows[kept[Number(match[1])] ?? -1] : undefined;
    if (!match || !row) return problem;
    const chosen = TRACKING_COLUMNS.filter((column) => row[column].trim() !== '');
    const column = chosen[Number(match[2] ?? 0)] ?? TRACKING_COLUMNS[0];
    return { ...problem, field: `lines[${match[1]}].${column}` };
  });
}
