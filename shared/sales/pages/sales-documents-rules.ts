/**
 * Credit notes and estimates in the dashboard: each has a list and a page of its own once created (with its PDF and
 * its void; a credit note also its credit applied to the customer's open invoices), read and changed through the
 * API's use cases for their routes.
 */
import { allocationsOfNote } from '../../cash/credit-allocations.ts';
import { listDocuments } from '../../ledger/documents/documents.ts';
import { documentStore } from '../../ledger/documents/records.ts';
import type { CustomerDocumentListQuery, DocumentResource } from '../../ledger/documents/schemas.ts';
import type { Id } from '../../platform/core/ids.ts';
import type { PageRequest } from '../../platform/core/paging.ts';
import type { Scope } from '../../platform/http/scopes.ts';
import type * as v from 'valibot';
import { documentWithLedger, partyNames } from './documents-rules.ts';
import { openDocumentsOf } from '../../ledger/documents/open-documents.ts';
import { SIDES } from './sides.ts';

export interface SalesDocumentKind {
  readonly type: 'credit_note' | 'estimate';
  readonly label: string;
  readonly plural: string;
  readonly base: string;
  readonly voidScope: Scope;
  /** What the API allows on it beyond reading and voiding. */
  readonly appliesCredit: boolean;
  /** Whether it posts to the ledger (a credit note does; an estimate posts nothing). */
  readonly posts: boolean;
}

export const SALES_DOCUMENTS = {
  credit_note: { type: 'credit_note', label: 'Credit note', plural: 'Credit notes', base: '/dashboard/credit-notes', voidScope: 'sales_documents:void', appliesCredit: true, posts: true },
  estimate: { type: 'estimate', label: 'Estimate', plural: 'Estimates', base: '/dashboard/estimates', voidScope: 'sales_documents:void', appliesCredit: false, posts: false },
} as const satisfies Record<string, SalesDocumentKind>;

/** The most allocations a credit note's page lists (the API applies at most 25 at once). */
export const ALLOCATIONS_SHOWN = 50;

/** One page of credit notes or estimates, filtered as the API filters, with their customers' names. */
export async function salesDocumentList(kind: SalesDocumentKind, businessId: Id, query: v.InferOutput<typeof CustomerDocumentListQuery>, page: PageRequest) {
  const result = await listDocuments(kind.type, businessId, query, page);
  return { result, names: await partyNames(SIDES.invoice, businessId, result.items.map((document) => document.customer_id as Id)) };
}

/**
 * A credit note or estimate with its page's reads: its customer and journal, and for a credit note its allocations
 * (with their invoices' numbers, one BatchGetItem) and, while credit remains, the customer's open invoices.
 */
export async function salesDocumentDetail(kind: SalesDocumentKind, businessId: Id, id: Id) {
  const shown = await documentWithLedger(kind.type, kind.label, 'customer', businessId, id);
  const document = shown.document as DocumentResource<'credit_note'> | DocumentResource<'estimate'>;
  if (!kind.appliesCredit || !('remaining_credit' in document)) return { ...shown, document, allocations: [], open: [] };
  const allocations = await allocationsOfNote(businessId, id, ALLOCATIONS_SHOWN);
  const [invoices, open] = await Promise.all([
    documentStore.getMany(businessId, [...new Set(allocations.map((allocation) => allocation.document_id))]),
    document.remaining_credit > 0 && document.status !== 'Voided' ? openDocumentsOf(SIDES.invoice, businessId, shown.record.party_id) : Promise.resolve([]),
  ]);
  const numbers = new Map(invoices.map((invoice) => [invoice.id, invoice.no]));
  return { ...shown, document, allocations: allocations.map((allocation) => ({ ...allocation, document_no: numbers.get(allocation.document_id) ?? '' })), open: open.filter((invoice) => invoice.currency === document.currency) };
}
