import type * as v from 'valibot';
import { pageOf } from '../platform/core/fields.ts';
import type { RouteRow } from '../platform/http/route.ts';
import { creditRoutes, CustomerDocumentListQuery, DOCUMENT_SPECS, RecordVoidInput, VendorDocumentListQuery, VoidInput } from '../ledger/index.ts';
import { PrepaymentCreate, type PrepaymentType } from './prepayments.ts';

/**
 * The rows of one side's prepayments (api.md, "Customer credit"): record, list, get and void one, apply its credit
 * and list what it applied, void an application. Each side under its money's scopes, a customer's under
 * `sales_receipts`, a vendor's under `purchases_payments`, so a route checks one scope before its body is read.
 */
export function prepaymentRoutes<const Name extends string, const Path extends string, const AllocationPath extends string, const Folder extends string, const Feature extends 'sales_receipts' | 'purchases_payments', R extends v.GenericSchema, A extends v.GenericSchema, AR extends v.GenericSchema>(
  type: PrepaymentType,
  name: Name,
  path: Path,
  /** Where its allocations are voided: `prepayment-allocations`. */
  allocationPath: AllocationPath,
  folder: Folder,
  feature: Feature,
  tag: string,
  resource: R,
  allocation: A,
  result: AR,
) {
  const { label, party } = DOCUMENT_SPECS[type];
  return {
    create: { id: `${name}.create`, method: 'POST', path: `/api/v1/${path}`, entry: `${folder}/create.ts`, auth: 'bearer', scope: `${feature}:create`, contract: { idempotent: true, posting: true, summary: `Record money ${party === 'customer' ? 'received from a customer' : 'paid to a vendor'} before any ${party === 'customer' ? 'invoice' : 'bill'}: the ${party}'s credit until applied`, tag, body: PrepaymentCreate, response: resource, status: 201 } },
    list: { id: `${name}.list`, method: 'GET', path: `/api/v1/${path}`, entry: `${folder}/list.ts`, auth: 'bearer', scope: `${feature}:read`, needs: { table: 'readwrite' }, contract: { summary: `List ${label}s and overpayments by business date, then number`, tag, query: party === 'customer' ? CustomerDocumentListQuery : VendorDocumentListQuery, response: pageOf(resource) } },
    get: { id: `${name}.get`, method: 'GET', path: `/api/v1/${path}/{id}`, entry: `${folder}/get.ts`, auth: 'bearer', scope: `${feature}:read`, contract: { summary: `Get a ${label} or overpayment`, tag, response: resource } },
    void: { id: `${name}.void`, method: 'POST', path: `/api/v1/${path}/{id}/void`, entry: `${folder}/void.ts`, auth: 'bearer', scope: `${feature}:void`, contract: { body: RecordVoidInput, optionalBody: true, posting: true, summary: `Void a ${label} (reversing its entry); its live allocations are voided first, and an overpayment goes with its money`, tag, response: resource, otherStatuses: { 409: `Already voided, applied by live allocations, or an overpayment (void its ${party === 'customer' ? 'receipt' : 'payment'}).` } } },
    voidAllocation: { id: `${name}.voidAllocation`, method: 'POST', path: `/api/v1/${allocationPath}/{id}/void`, entry: `${folder}/void-allocation.ts`, auth: 'bearer', scope: `${feature}:void`, contract: { body: VoidInput, optionalBody: true, posting: true, summary: `Void a ${label} allocation, reopening its ${party === 'customer' ? 'invoice' : 'bill'}`, tag, response: allocation } },
    ...creditRoutes(type, name, path, folder, feature, tag, allocation, result),
  } as const satisfies Readonly<Record<string, RouteRow>>;
}
