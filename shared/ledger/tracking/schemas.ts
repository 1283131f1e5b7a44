import * as v from 'valibot';
import { IdRef, ResourceId, Text, Timestamp } from '../../platform/core/fields.ts';
import { MAX_ACTIVE_CATEGORIES, MAX_OPTIONS } from './tracking-rules.ts';

/** What a document, journal or bank-transaction line names: one option of each active category. */
export const LineTrackingInput = v.pipe(
  v.array(v.strictObject({ category_id: IdRef, option_id: IdRef }), 'must be a list of { category_id, option_id }'),
  v.maxLength(MAX_ACTIVE_CATEGORIES, `must name at most ${MAX_ACTIVE_CATEGORIES} options (one of each active category)`),
  v.description('The tracking options the line belongs to (GET /tracking-categories), one of each category: profit by department or project.'),
);

export const LineTrackingOutput = v.pipe(v.array(v.object({ category_id: ResourceId, option_id: ResourceId })), v.description('The tracking options the line names; empty: unassigned.'));

const OptionName = Text(100);
const Archived = v.boolean('must be true or false');

export const TrackingCategoryCreate = v.strictObject({
  name: Text(100),
  options: v.pipe(v.array(v.strictObject({ name: OptionName, archived: v.optional(Archived) }), 'must be a list of { name }'), v.minLength(1, 'must have at least one option'), v.maxLength(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} options`)),
});

export const TrackingCategoryPatch = v.strictObject({
  name: v.optional(Text(100)),
  archived: v.optional(v.pipe(Archived, v.description('An archived category takes no new lines; its lines keep it. At most two categories are active.'))),
  options: v.optional(
    v.pipe(
      v.array(v.strictObject({ id: v.optional(IdRef), name: v.optional(OptionName), archived: v.optional(Archived) }), 'must be a list of { id, name, archived }'),
      v.maxLength(MAX_OPTIONS, `must have at most ${MAX_OPTIONS} options`),
      v.description('Changes to options: one with an id is renamed or archived, one without is added (its name required). Options are never removed: lines name them.'),
    ),
  ),
});

export const TrackingCategory = v.object({
  id: ResourceId,
  name: v.string(),
  archived: v.boolean(),
  options: v.array(v.object({ id: ResourceId, name: v.string(), archived: v.pipe(v.boolean(), v.description('An archived option takes no new lines.')) })),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const TrackingCategoryList = v.object({ items: v.array(TrackingCategory) });

export type TrackingCategoryCreateInput = v.InferOutput<typeof TrackingCategoryCreate>;
export type TrackingCategoryPatchInput = v.InferOutput<typeof TrackingCategoryPatch>;
export type TrackingCategoryResource = v.InferOutput<typeof TrackingCategory>;
