/**
 * The records a file may be attached to (api.md: documents, money, journals, bank lines, parties), each by the
 * collection its own path names (`invoices`, `bank-lines`) and its type in the trail (`invoice`, `bank_line`): the
 * feature whose scopes guard it, and how to tell that a record of it exists in the business. Attaching needs the
 * feature's update scope (its create scope where it has none: money is never updated); listing, its read scope.
 */
import type { Id } from '../platform/core/ids.ts';
import { isScope, type Scope } from '../platform/http/scopes.ts';
import { DOCUMENT_SPECS, DOCUMENT_TYPES, documentStore, draftStore, manualJournalStore } from '../ledger/index.ts';
import { recordKey, type RecordKind } from '../platform/db/keys.ts';
import { getItem } from '../platform/db/query.ts';

export interface AttachableKind {
  /** The record's type as the audit trail and the attachment name it. */
  readonly type: string;
  readonly feature: string;
  readonly exists: (businessId: Id, id: Id) => Promise<boolean>;
  /** Whether the id is a draft of this kind (documents): it takes files once approved, under the same id. */
  readonly drafted?: (businessId: Id, id: Id) => Promise<boolean>;
}

/**
 * Whether a record of a collection exists, read by the collection's own key (`recordKey`), not through its domain's
 * store: the attachments domain is below cash, banking and parties, whose pages show a record's files, so it
 * imports none of them. `kind` narrows a collection that holds several (money: receipts, payments, refunds).
 */
const existsIn = (collection: RecordKind, kind?: string) => async (businessId: Id, id: Id) => {
  const item = await getItem(recordKey(businessId, collection, id));
  return item?.entity === collection && (kind === undefined || item.kind === kind);
};
const moneyOfKind = (kind: string) => existsIn('MONEY', kind);

export const ATTACHABLE: Readonly<Record<string, AttachableKind>> = {
  ...Object.fromEntries(
    DOCUMENT_TYPES.map((type) => [
      DOCUMENT_SPECS[type].path,
      { type, feature: DOCUMENT_SPECS[type].scopeFeature, exists: async (businessId: Id, id: Id) => (await documentStore.get(businessId, id))?.record.type === type, drafted: async (businessId: Id, id: Id) => (await draftStore.get(businessId, id))?.record.type === type },
    ]),
  ),
  receipts: { type: 'receipt', feature: 'sales_receipts', exists: moneyOfKind('receipt') },
  payments: { type: 'payment', feature: 'purchases_payments', exists: moneyOfKind('payment') },
  refunds: { type: 'refund', feature: 'sales_receipts', exists: moneyOfKind('refund') },
  'vendor-refunds': { type: 'vendor_refund', feature: 'purchases_payments', exists: moneyOfKind('vendor_refund') },
  journals: { type: 'journal', feature: 'finance_ledger', exists: async (businessId, id) => (await manualJournalStore.get(businessId, id)) !== undefined },
  'bank-lines': { type: 'bank_line', feature: 'finance_banking', exists: existsIn('BANKLINE') },
  customers: { type: 'customer', feature: 'sales_customers', exists: existsIn('CUSTOMER') },
  vendors: { type: 'vendor', feature: 'purchases_vendors', exists: existsIn('VENDOR') },
};

export const ATTACHABLE_COLLECTIONS = Object.keys(ATTACHABLE);
/** The record types, as `record.type` of `POST /attachments` names them. */
export const ATTACHABLE_TYPES = Object.values(ATTACHABLE).map((kind) => kind.type);

export const kindOfType = (type: string): AttachableKind | undefined => Object.values(ATTACHABLE).find((kind) => kind.type === type);

/** The scope that attaches a file to (or deletes one from) a record of this kind. */
export function writeScopeOf(kind: AttachableKind): Scope {
  const update = `${kind.feature}:update`;
  return isScope(update) ? update : (`${kind.feature}:create` as Scope);
}

export const readScopeOf = (kind: AttachableKind): Scope => `${kind.feature}:read` as Scope;
