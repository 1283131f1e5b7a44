/**
 * Which scope reads an event (api.md, "New events and scopes"): the feed and webhook subscriptions give an event
 * only to a credential that may read its resource, so a viewer's token never learns a member's e-mail through
 * `member.*`, which `GET /business/members` refuses it.
 */
import { DOCUMENT_SPECS } from '../ledger/index.ts';
import type { DocumentType } from '../ledger/index.ts';
import type { Scope } from '../platform/http/scopes.ts';

/** The resource a document type's events start with (a cash sale's are `sales_receipt.*`), and the scope that reads it: its type's feature. */
const DOCUMENT_EVENT_SCOPES = Object.fromEntries(Object.values(DOCUMENT_SPECS).map((spec) => [spec.created.slice(0, spec.created.indexOf('.')), `${spec.scopeFeature}:read` as Scope]));

/** By the resource an event's name starts with: a document type's by its row of the types' table, the others here. */
const READ_SCOPE: Readonly<Record<string, Scope>> = {
  ...DOCUMENT_EVENT_SCOPES,
  recurring_invoice: 'sales_invoices:read',
  receipt: 'sales_receipts:read',
  payment: 'purchases_payments:read',
  refund: 'sales_receipts:read',
  vendor_refund: 'purchases_payments:read',
  customer: 'sales_customers:read',
  statement: 'sales_customers:read',
  vendor: 'purchases_vendors:read',
  bank_feed: 'finance_banking:read',
  bank_line: 'finance_banking:read',
  journal: 'finance_ledger:read',
  tax_rate: 'finance_ledger:read',
  business: 'finance_ledger:read',
  member: 'settings_business:manage',
};

/** The scope that reads a resource of this type: a document's by its type's feature, any other's by the table. */
function scopeOfResource(resource: string | undefined): Scope | 'none' {
  if (resource && Object.hasOwn(DOCUMENT_SPECS, resource)) return `${DOCUMENT_SPECS[resource as DocumentType].scopeFeature}:read` as Scope;
  return (resource && READ_SCOPE[resource]) || 'none';
}

/**
 * The scope that reads an event: by its resource, a `document.*` event's by the document's type, an
 * `attachment.*` event's by its record's; null for `ping`, which goes to the one endpoint it names. An event of no
 * known resource needs a scope no credential holds.
 */
export function readScopeOf(type: string, data: unknown): Scope | null | 'none' {
  if (type === 'ping') return null;
  const resource = type.slice(0, type.indexOf('.'));
  if (resource === 'document') return Object.hasOwn(DOCUMENT_SPECS, (data as { type?: string } | null)?.type ?? '') ? scopeOfResource((data as { type: string }).type) : 'none';
  if (resource === 'attachment') return scopeOfResource((data as { record?: { type?: string } } | null)?.record?.type);
  return READ_SCOPE[resource] ?? 'none';
}

/** Whether a holder of `scopes` may be given the event. */
export function mayRead(scopes: ReadonlySet<string>, type: string, data: unknown): boolean {
  const needed = readScopeOf(type, data);
  return needed === null || (needed !== 'none' && scopes.has(needed));
}
