import * as v from 'valibot';
import { PagingQuery, pageOf } from '../platform/core/fields.ts';
import type { RouteRow } from '../platform/http/route.ts';
import { RecordVoidInput } from '../ledger/index.ts';

/**
 * The rows of one side's refunds (api.md, "Refunds"): record one out of unapplied credit, list, get and void them.
 * Each side under its money's scopes, as its prepayments are (`prepayment-routes.ts` says why there are two).
 */
export function refundRoutes<const Name extends string, const Path extends string, const Folder extends string, const Feature extends 'sales_receipts' | 'purchases_payments', B extends v.GenericSchema, R extends v.GenericSchema>(
  name: Name,
  path: Path,
  folder: Folder,
  feature: Feature,
  tag: string,
  party: 'customer' | 'vendor',
  body: B,
  resource: R,
) {
  const credit = party === 'customer' ? 'a credit note, a prepayment or a receipt' : 'a vendor credit, a vendor prepayment or a payment';
  return {
    create: { id: `${name}.create`, method: 'POST', path: `/api/v1/${path}`, entry: `${folder}/create.ts`, auth: 'bearer', scope: `${feature}:create`, contract: { idempotent: true, posting: true, summary: `Record money ${party === 'customer' ? 'back to a customer' : 'back from a vendor'} out of the unapplied credit of ${credit}`, tag, body, response: resource, status: 201, otherStatuses: { 404: 'The source does not exist in this business.', 409: 'The credit is voided.' } } },
    list: { id: `${name}.list`, method: 'GET', path: `/api/v1/${path}`, entry: `${folder}/list.ts`, auth: 'bearer', scope: `${feature}:read`, contract: { summary: 'List refunds by date, then number', tag, query: v.strictObject(PagingQuery), response: pageOf(resource) } },
    get: { id: `${name}.get`, method: 'GET', path: `/api/v1/${path}/{id}`, entry: `${folder}/get.ts`, auth: 'bearer', scope: `${feature}:read`, contract: { summary: 'Get a refund', tag, response: resource } },
    void: { id: `${name}.void`, method: 'POST', path: `/api/v1/${path}/{id}/void`, entry: `${folder}/void.ts`, auth: 'bearer', scope: `${feature}:void`, contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: 'Void a refund: its entry reversed, its credit unapplied again', tag, response: resource } },
  } as const satisfies Readonly<Record<string, RouteRow>>;
}
