/** What drafts of documents and of journals share: their change's schema, the body approval posts, their saved entry. */
import * as v from 'valibot';
import { createdAction, type Described } from '../platform/trail/actions.ts';
import type { AuditAction, AuditRecordRef } from '../platform/trail/entry.ts';

/** What a draft's change takes: any field of its create body but the status (approval posts it), lines whole. */
export function draftPatchOf<const E extends v.ObjectEntries>(create: v.StrictObjectSchema<E, undefined>) {
  const { status: _status, ...entries } = create.entries;
  return v.partial(v.strictObject(entries));
}

/** The body a draft keeps and approval posts: everything sent but the status, which approval decides. */
export function withoutStatus<B extends { readonly status?: unknown }>(body: B): B {
  const { status: _status, ...rest } = body;
  // The status is optional in every create body, so the body without it is still one (a union of bodies stays whole).
  return rest as B;
}

/** A draft saved: its creation's entry under the action `draft_saved` (approval's is `approved`). */
export function draftSavedAction(type: string, resource: Described, related: readonly AuditRecordRef[] = []): AuditAction {
  return { ...createdAction(type, resource, related), action: 'draft_saved' };
}
