import type * as v from 'valibot';
import type { RouteRow } from '../../platform/http/route.ts';
import { draftPatchOf } from '../draft-rules.ts';
import { type DraftedFeature, DOCUMENT_SPECS, type DocumentType } from './specs.ts';

/**
 * The three rows a document type gains with drafts (api.md, "Drafts"): change and delete a draft (the type's create
 * scope: whoever may prepare may correct), and approve it (the `:approve` verb, which an app or key may lack). Approval is a posting, lock date and all, where the type posts.
 */
export function draftRoutes<const Name extends string, const Path extends string, const Folder extends string, const Feature extends DraftedFeature, const E extends v.ObjectEntries, R extends v.GenericSchema>(
  type: DocumentType,
  name: Name,
  path: Path,
  folder: Folder,
  feature: Feature,
  label: string,
  tag: string,
  create: v.StrictObjectSchema<E, undefined>,
  resource: R,
) {
  return {
    update: { id: `${name}.update`, method: 'PATCH', path: `/api/v1/${path}/{id}`, entry: `${folder}/update.ts`, auth: 'bearer', scope: `${feature}:create`, contract: { summary: `Change a draft ${label} (the fields sent replace its own; lines whole)`, tag, body: draftPatchOf(create), response: resource, otherStatuses: { 409: `The ${label} is posted, or the draft changed meanwhile.` } } },
    delete: { id: `${name}.delete`, method: 'DELETE', path: `/api/v1/${path}/{id}`, entry: `${folder}/delete.ts`, auth: 'bearer', scope: `${feature}:create`, contract: { summary: `Delete a draft ${label} (a posted one is voided instead)`, tag, response: resource, otherStatuses: { 409: `The ${label} is posted.` } } },
    approve: { id: `${name}.approve`, method: 'POST', path: `/api/v1/${path}/{id}/approve`, entry: `${folder}/approve.ts`, auth: 'bearer', scope: `${feature}:approve`, contract: { idempotent: true, posting: DOCUMENT_SPECS[type].posting !== 'none', summary: `Approve a draft ${label}: posted as a direct creation would be, numbered then, on its own date`, tag, response: resource, otherStatuses: { 409: `The ${label} is posted already, or the draft changed meanwhile.` } } },
  } as const satisfies Readonly<Record<string, RouteRow>>;
}
