/**
 * Tracking categories (Xero's tracking, QuickBooks' classes and locations): a business names at most two active
 * categories (Department, Project) of at most 100 options each, and a document, journal or bank-transaction line
 * may name one option of each. Pure: what a line may name, what a category may become, and the periods a report by
 * option reads.
 */
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { addMonths, lastDayOfMonth } from '../../platform/core/dates.ts';

export const MAX_ACTIVE_CATEGORIES = 2;
/** Archived categories are kept (their lines still name them): the whole list stays one small item. */
export const MAX_CATEGORIES = 10;
export const MAX_OPTIONS = 100;
/**
 * The most options one posting's lines may name together. Each moves two totals items (its day and its month) in
 * the posting's transaction: 20 options are 40 items, which keeps the largest posting that takes tracking (a
 * 100-line journal, under 15 items without it) far under DynamoDB's 100.
 */
export const MAX_OPTIONS_PER_POSTING = 20;

export interface TrackingOption {
  readonly id: Id;
  readonly name: string;
  readonly archived: boolean;
}

export interface TrackingCategoryRecord {
  readonly id: Id;
  readonly name: string;
  readonly archived: boolean;
  readonly options: readonly TrackingOption[];
  readonly created_at: string;
  readonly updated_at: string;
}

/** One option a line names, with its category (so a report by category finds it without a read). */
export interface TrackingRef {
  readonly category_id: Id;
  readonly option_id: Id;
}

/** What is wrong with a line's tracking, each problem naming the line's field (`lines[2].tracking[0].option_id`). */
export function trackingProblems(categories: readonly TrackingCategoryRecord[], refs: readonly TrackingRef[], field: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const byId = new Map(categories.map((category) => [category.id as string, category]));
  const seen = new Set<string>();
  const list = field ? `${field}.tracking` : 'tracking';
  refs.forEach((ref, index) => {
    const at = (name: string) => ({ field: `${list}[${index}].${name}` });
    const category = byId.get(ref.category_id);
    if (!category) return void problems.push({ ...at('category_id'), message: 'does not exist' });
    if (category.archived) return void problems.push({ ...at('category_id'), message: `names the archived tracking category ${category.name}: it takes no new lines` });
    if (seen.has(category.id)) return void problems.push({ field: list, message: `names two options of ${category.name}: a line takes one option of each category` });
    seen.add(category.id);
    const option = category.options.find((candidate) => candidate.id === ref.option_id);
    if (!option) return void problems.push({ ...at('option_id'), message: `is not an option of ${category.name}` });
    if (option.archived) problems.push({ ...at('option_id'), message: `names the archived option ${option.name} of ${category.name}: it takes no new lines` });
  });
  return problems;
}

/** The options a posting's lines name together, each once: more than MAX_OPTIONS_PER_POSTING is a 400 naming `lines`. */
export function optionsNamed(lines: readonly { readonly tracking?: readonly TrackingRef[] | undefined }[]): TrackingRef[] {
  const named = new Map<string, TrackingRef>();
  for (const line of lines) for (const ref of line.tracking ?? []) named.set(`${ref.category_id}#${ref.option_id}`, ref);
  return [...named.values()];
}

export function tooManyOptions(lines: readonly { readonly tracking?: readonly TrackingRef[] | undefined }[]): FieldProblem | null {
  const count = optionsNamed(lines).length;
  return count > MAX_OPTIONS_PER_POSTING ? { field: 'lines', message: `name ${count} tracking options; one posting may name at most ${MAX_OPTIONS_PER_POSTING} (split it)` } : null;
}

/** A line's tracking as stored: in category order, so two lines of the same account and options post as one. */
export function normalTracking(refs: readonly TrackingRef[] | undefined): TrackingRef[] | undefined {
  if (!refs || refs.length === 0) return undefined;
  return [...refs].sort((a, b) => a.category_id.localeCompare(b.category_id)).map(({ category_id, option_id }) => ({ category_id, option_id }));
}

/**
 * A line's tracking as a spread onto the line: `{ tracking }` when it names options, nothing for an unassigned line,
 * so lines written before tracking and after compare alike. Every line that carries tracking on is built with it.
 */
export const withTracking = <R extends readonly TrackingRef[]>(refs: R | undefined): { tracking?: R } => (refs && refs.length > 0 ? { tracking: refs } : {});

/** A line's tracking as it is stored from a request: in category order (`normalTracking`), as `withTracking` spreads it. */
export const trackedAs = (refs: readonly TrackingRef[] | undefined): { tracking?: TrackingRef[] } => withTracking(normalTracking(refs));

/** A line's tracking as a resource shows it: every option it names, none for an unassigned line. */
export const shownTracking = (refs: readonly TrackingRef[] | undefined): { category_id: Id; option_id: Id }[] => (refs ?? []).map(({ category_id, option_id }) => ({ category_id, option_id }));

export const trackingKey = (refs: readonly TrackingRef[] | undefined): string => (refs ?? []).map((ref) => `${ref.category_id}:${ref.option_id}`).join(',');

/** What a category's create or change may not leave: more than two active, more than 100 options, duplicate names. */
export function categoryProblems(next: readonly TrackingCategoryRecord[], changed: TrackingCategoryRecord, activeField: 'name' | 'archived'): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!changed.archived && next.filter((category) => !category.archived).length > MAX_ACTIVE_CATEGORIES) problems.push({ field: activeField, message: `would make ${MAX_ACTIVE_CATEGORIES + 1} active tracking categories; at most ${MAX_ACTIVE_CATEGORIES} may be active (archive one first)` });
  if (next.length > MAX_CATEGORIES) problems.push({ field: 'name', message: `would make ${next.length} tracking categories; a business keeps at most ${MAX_CATEGORIES}, archived ones included` });
  if (next.some((category) => category.id !== changed.id && !category.archived && !changed.archived && category.name.toLowerCase() === changed.name.toLowerCase())) problems.push({ field: 'name', message: `is the name of another active tracking category` });
  if (changed.options.length > MAX_OPTIONS) problems.push({ field: 'options', message: `must have at most ${MAX_OPTIONS} options (archived ones included)` });
  const names = new Map<string, number>();
  changed.options.forEach((option, index) => {
    const name = option.name.toLowerCase();
    if (!option.archived && names.has(name)) problems.push({ field: `options[${index}].name`, message: `is the name of another active option (options[${names.get(name)}])` });
    if (!option.archived) names.set(name, index);
  });
  return problems;
}

/**
 * The totals items a report of `from`..`to` reads, as ranges of one grain: the days of a partial first month, the
 * whole months between, the days of a partial last month. A month the range covers whole is read as its month
 * item. At most three ranges, bounded by the period, never by the postings or the history before it.
 */
export function periodRanges(from: string, to: string): { readonly grain: 'D' | 'M'; readonly first: string; readonly last: string }[] {
  if (from > to) return [];
  const [fromMonth, toMonth] = [from.slice(0, 7), to.slice(0, 7)];
  const wholeFrom = from.endsWith('-01');
  const wholeTo = to === lastDayOfMonth(toMonth);
  if (fromMonth === toMonth) return wholeFrom && wholeTo ? [{ grain: 'M', first: fromMonth, last: fromMonth }] : [{ grain: 'D', first: from, last: to }];
  const ranges: { grain: 'D' | 'M'; first: string; last: string }[] = [];
  const firstWhole = wholeFrom ? fromMonth : addMonths(fromMonth, 1);
  const lastWhole = wholeTo ? toMonth : addMonths(toMonth, -1);
  if (!wholeFrom) ranges.push({ grain: 'D', first: from, last: lastDayOfMonth(fromMonth) });
  if (firstWhole <= lastWhole) ranges.push({ grain: 'M', first: firstWhole, last: lastWhole });
  if (!wholeTo) ranges.push({ grain: 'D', first: `${toMonth}-01`, last: to });
  return ranges;
}
