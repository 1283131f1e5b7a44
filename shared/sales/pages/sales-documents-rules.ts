/**
 * Credit notes, vendor credits, prepayments, estimates and orders in the dashboard: each has a list and a page of its
 * own, drafts too (with its void, its approval while a draft, the PDF of a document sent to a party, the conversion
 * of an estimate or order; a credit document also its credit applied to the party's open invoices or bills), read and
 * changed through the API's use cases for their routes.
 */
import { allocationsOfCredit } from '../../cash/index.ts';
import { listDocumentsOrDrafts } from '../../documents/index.ts';
import { cashAccounts, documentStore, isCreditType, openDocumentsOf } from '../../ledger/index.ts';
import type { CreditType, DocumentListQuery, DocumentResource } from '../../ledger/index.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { PageRequest } from '../../platform/core/paging.ts';
import type { Scope } from '../../platform/http/scopes.ts';
import { documentWithLedger, listedSettlements, partyNames } from './documents-rules.ts';
import { SIDES, type Side } from './sides.ts';
import type { RefundKind } from '../../cash/index.ts';
import { EDITORS } from './document-editor-rules.ts';

/** The pages of a document type other than invoices and bills (those are the sides'): its list, its page and what they offer. */
export interface DocumentPages {
  readonly type: 'estimate' | 'sales_order' | 'purchase_order' | CreditType;
  readonly label: string;
  readonly plural: string;
  readonly base: string;
  readonly voidScope: Scope;
  /** Its party's side, which is also where its credit goes: customers and their invoices, or vendors and their bills. */
  readonly side: Side;
  /**
   * Whether its credit is applied to the party's open documents, with the scope that applies it, and where one
   * application is undone; and how what is left is refunded (the refund's kind, its scope, and how its source names it).
   */
  readonly credit: { readonly applyScope: Scope; readonly undoBase: string; readonly refund: { readonly kind: RefundKind; readonly scope: Scope; readonly source: `${CreditType}_id` } } | null;
  /** Saving a draft of it (its type's create scope) and approving one (the `:approve` verb); null for money, never drafted. */
  readonly drafts: { readonly save: Scope; readonly approve: Scope } | null;
  /** What it converts into (api.md, "Conversions"): an estimate or a sales order an invoice, a purchase order a bill. */
  readonly converts: Side | null;
  /** Whether it posts to the ledger (a credit note does; an estimate posts nothing). */
  readonly posts: boolean;
  /** Whether it is sent to a customer, so has a PDF (a vendor credit is the supplier's document, a prepayment money). */
  readonly printed: boolean;
  /** Where one is made: its editor, or for a prepayment the receipt or payment form (money with nothing to allocate). */
  readonly making: { readonly href: string; readonly label: string; readonly scope: Scope };
}

const editorOf = (type: keyof typeof EDITORS) => ({ href: EDITORS[type].newPath, label: `New ${EDITORS[type].label}`, scope: EDITORS[type].scope });

const SALES_DRAFTS = { save: 'sales_documents:create', approve: 'sales_documents:approve' } as const;
const PURCHASE_DRAFTS = { save: 'purchases_documents:create', approve: 'purchases_documents:approve' } as const;
const VENDOR_CREDIT_DRAFTS = { save: 'purchases_bills:create', approve: 'purchases_bills:approve' } as const;

export const DOCUMENT_PAGES = {
  credit_note: { type: 'credit_note', label: 'Credit note', plural: 'Credit notes', base: '/dashboard/credit-notes', voidScope: 'sales_documents:void', side: SIDES.invoice, credit: { applyScope: 'sales_documents:create', undoBase: '/dashboard/credit-allocations', refund: { kind: 'refund', scope: 'sales_receipts:create', source: 'credit_note_id' } }, drafts: SALES_DRAFTS, converts: null, posts: true, printed: true, making: editorOf('credit_note') },
  estimate: { type: 'estimate', label: 'Estimate', plural: 'Estimates', base: '/dashboard/estimates', voidScope: 'sales_documents:void', side: SIDES.invoice, credit: null, drafts: SALES_DRAFTS, converts: SIDES.invoice, posts: false, printed: true, making: editorOf('estimate') },
  sales_order: { type: 'sales_order', label: 'Sales order', plural: 'Sales orders', base: '/dashboard/sales-orders', voidScope: 'sales_documents:void', side: SIDES.invoice, credit: null, drafts: SALES_DRAFTS, converts: SIDES.invoice, posts: false, printed: true, making: editorOf('sales_order') },
  purchase_order: { type: 'purchase_order', label: 'Purchase order', plural: 'Purchase orders', base: '/dashboard/purchase-orders', voidScope: 'purchases_documents:void', side: SIDES.bill, credit: null, drafts: PURCHASE_DRAFTS, converts: SIDES.bill, posts: false, printed: true, making: editorOf('purchase_order') },
  vendor_credit: { type: 'vendor_credit', label: 'Vendor credit', plural: 'Vendor credits', base: '/dashboard/vendor-credits', voidScope: 'purchases_bills:void', side: SIDES.bill, credit: { applyScope: 'purchases_bills:create', undoBase: '/dashboard/vendor-credit-allocations', refund: { kind: 'vendor_refund', scope: 'purchases_payments:create', source: 'vendor_credit_id' } }, drafts: VENDOR_CREDIT_DRAFTS, converts: null, posts: true, printed: false, making: editorOf('vendor_credit') },
  prepayment: { type: 'prepayment', label: 'Prepayment', plural: 'Prepayments', base: '/dashboard/prepayments', voidScope: 'sales_receipts:void', side: SIDES.invoice, credit: { applyScope: 'sales_receipts:create', undoBase: '/dashboard/prepayment-allocations', refund: { kind: 'refund', scope: 'sales_receipts:create', source: 'prepayment_id' } }, drafts: null, converts: null, posts: true, printed: false, making: { href: '/dashboard/receipts/new', label: 'Record a receipt', scope: 'sales_receipts:create' } },
  vendor_prepayment: { type: 'vendor_prepayment', label: 'Vendor prepayment', plural: 'Vendor prepayments', base: '/dashboard/vendor-prepayments', voidScope: 'purchases_payments:void', side: SIDES.bill, credit: { applyScope: 'purchases_payments:create', undoBase: '/dashboard/vendor-prepayment-allocations', refund: { kind: 'vendor_refund', scope: 'purchases_payments:create', source: 'vendor_prepayment_id' } }, drafts: null, converts: null, posts: true, printed: false, making: { href: '/dashboard/payments/new', label: 'Record a payment', scope: 'purchases_payments:create' } },
} as const satisfies Record<string, DocumentPages>;

/** Where a document of each type has its page: invoices and bills on their sides, the others by their kinds. */
const DOCUMENT_PAGE_BASES: ReadonlyMap<string, string> = new Map([...Object.values(SIDES), ...Object.values(DOCUMENT_PAGES)].map((pages) => [pages.type, pages.base]));

/** The dashboard page of a document, or undefined for a type the dashboard has no page for (a cash sale, an expense). */
export const documentPageOf = (type: string, id: string): string | undefined => {
  const base = DOCUMENT_PAGE_BASES.get(type);
  return base ? `${base}/${id}` : undefined;
};

/** The most allocations a credit note's page lists (the API applies at most 25 at once). */
export const ALLOCATIONS_SHOWN = 50;

/** The id of the party a listed document is of (a customer's or a vendor's). */
export const partyIdOf = (document: object): Id => ('customer_id' in document ? document.customer_id : 'vendor_id' in document ? document.vendor_id : '') as Id;

/** One page of the kind's documents (or, filtered by status Draft, its drafts), filtered as the API filters, with their parties' names. */
export async function salesDocumentList(kind: DocumentPages, businessId: Id, query: DocumentListQuery, page: PageRequest) {
  const result = await listDocumentsOrDrafts(kind.type, businessId, query, page);
  return { result, names: await partyNames(kind.side, businessId, result.items.map(partyIdOf)) };
}

/**
 * A credit document or estimate with its page's reads: its party and journal, and for a credit document its
 * allocations (with their invoices' or bills' numbers, one BatchGetItem) and, while credit remains, the party's open
 * invoices or bills and the bank and cash accounts of its currency a refund may move through; and the refunds it lists
 * on itself.
 */
export async function salesDocumentDetail(kind: DocumentPages, businessId: Id, id: Id, today: string) {
  const shown = await documentWithLedger(kind.type, kind.label, kind.side.party, businessId, id);
  const document = shown.document as DocumentResource<'estimate' | 'sales_order' | 'purchase_order'> | DocumentResource<CreditType>;
  // A draft holds no credit yet: nothing to apply or refund until it is approved.
  if (!kind.credit || !isCreditType(kind.type) || document.status === 'Draft' || !('remaining_credit' in document)) return { ...shown, document, allocations: [], open: [], refundAccounts: [], refunds: listedSettlements(shown.record) };
  const allocations = await allocationsOfCredit(kind.type, businessId, id, ALLOCATIONS_SHOWN);
  const creditLeft = document.remaining_credit > 0 && document.status !== 'Voided';
  const [invoices, open, accounts] = await Promise.all([
    documentStore.getMany(businessId, [...new Set(allocations.map((allocation) => allocation.document_id))]),
    creditLeft ? openDocumentsOf(kind.side, businessId, shown.record.party_id) : Promise.resolve([]),
    creditLeft ? cashAccounts(businessId, today) : Promise.resolve([]),
  ]);
  const numbers = new Map(invoices.map((invoice) => [invoice.id, invoice.no]));
  return { ...shown, document, allocations: allocations.map((allocation) => ({ ...allocation, document_no: numbers.get(allocation.document_id) ?? '' })), open: open.filter((invoice) => invoice.currency === document.currency), refundAccounts: accounts.filter((account) => account.currency === document.currency), refunds: listedSettlements(shown.record) };
}

/**
 * The statuses a kind's list filters by, as its documents take them: a credit is Open until wholly applied (Closed);
 * an estimate or order is Open until converted (Invoiced, Billed); Draft where the kind is drafted.
 */
export function listedStatuses(kind: DocumentPages): readonly string[] {
  const settled = kind.converts ? (kind.converts.type === 'invoice' ? 'Invoiced' : 'Billed') : 'Closed';
  return [...(kind.drafts ? ['Draft'] : []), 'Open', settled, 'Voided'];
}
