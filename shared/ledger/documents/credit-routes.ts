import * as v from 'valibot';
import { PagingQuery, pageOf } from '../../platform/core/fields.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { CreditAllocationCreate } from './schemas.ts';
import { DOCUMENT_SPECS, type CreditType, type DocumentSpec } from './specs.ts';

/**
 * The two rows a credit document (a credit note, a vendor credit) has beyond any document's: apply its credit to the
 * same party's invoices (bills), under the type's create scope, and list what it applied.
 */
export function creditRoutes<const Name extends string, const Path extends string, const Folder extends string, const Feature extends DocumentSpec['scopeFeature'], A extends v.GenericSchema, R extends v.GenericSchema>(
  type: CreditType,
  name: Name,
  path: Path,
  folder: Folder,
  feature: Feature,
  tag: string,
  allocation: A,
  result: R,
) {
  const { label, party, credits } = DOCUMENT_SPECS[type];
  return {
    allocate: { id: `${name}.allocate`, method: 'POST', path: `/api/v1/${path}/{id}/allocations`, entry: `${folder}/allocate.ts`, auth: 'bearer', scope: `${feature}:create`, contract: { posting: true, summary: `Apply credit to ${credits}s of the same ${party}`, tag, body: CreditAllocationCreate, response: result, status: 201, otherStatuses: { 409: `The ${label} is voided.` } } },
    allocations: { id: `${name}.allocations`, method: 'GET', path: `/api/v1/${path}/{id}/allocations`, entry: `${folder}/allocations.ts`, auth: 'bearer', scope: `${feature}:read`, contract: { summary: `List a ${label}'s allocations, oldest first, voided ones included (each with its id, to void it)`, tag, query: v.strictObject(PagingQuery), response: pageOf(allocation) } },
  } as const satisfies Readonly<Record<string, RouteRow>>;
}
