import * as v from 'valibot';

/** What a draft's change takes: any field of its create body but the status (approval posts it), lines whole. */
export function draftPatchOf<const E extends v.ObjectEntries>(create: v.StrictObjectSchema<E, undefined>) {
  const { status: _status, ...entries } = create.entries;
  return v.partial(v.strictObject(entries));
}
