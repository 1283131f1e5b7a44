import type { EventName } from '../../../events/catalogue.ts';

/**
 * Every document type the service holds, as data: its path, number series, party, business date field, what its
 * posting does to the ledger, and the events it causes. The use cases, the routes' contracts and the posting
 * rules all read this table.
 */
export type DocumentType =
  | 'invoice'
  | 'bill'
  | 'estimate'
  | 'sales_order'
  | 'purchase_order'
  | 'credit_note'
  | 'debit_note'
  | 'vendor_credit'
  | 'cash_sale'
  | 'expense'
  | 'prepayment'
  | 'vendor_prepayment';

/**
 * How a document moves the books:
 * - `receivable`: debit receivables, credit revenue and tax payable (invoice, debit note).
 * - `receivable_credit`: the reverse (credit note).
 * - `payable`: debit expenses and tax receivable, credit payables (bill).
 * - `payable_credit`: the reverse (vendor credit).
 * - `cash_in`: like receivable, but the cash-flow account is debited instead (cash sale).
 * - `cash_out`: like payable, but the cash-flow account is credited instead (expense).
 * - `prepayment_in`: debit the cash-flow account, credit receivables: a customer's money before any invoice.
 * - `prepayment_out`: debit payables, credit the cash-flow account: money paid to a vendor before any bill.
 * - `none`: no journal (estimate, sales order, purchase order).
 */
export type PostingRule = 'receivable' | 'receivable_credit' | 'payable' | 'payable_credit' | 'cash_in' | 'cash_out' | 'prepayment_in' | 'prepayment_out' | 'none';

export interface DocumentSpec {
  readonly type: DocumentType;
  /** The English name used in messages. */
  readonly label: string;
  readonly path: string;
  readonly prefix: string;
  readonly party: 'customer' | 'vendor';
  readonly dateField: 'invoice_date' | 'bill_date' | 'date';
  readonly posting: PostingRule;
  /** Settled by money or credit: carries amount_paid, amount_credited and balance_due. */
  readonly settleable: boolean;
  readonly hasDueDate: boolean;
  readonly paidFromAccount: boolean;
  readonly created: EventName;
  readonly voided: EventName;
  /** Fired when a draft of it is saved or changed (its `created` fires when the draft is approved); null for a type without drafts. */
  readonly draftSaved: EventName | null;
  readonly scopeFeature: 'sales_invoices' | 'purchases_bills' | 'sales_documents' | 'purchases_documents' | 'sales_receipts' | 'purchases_payments';
  /** The number series it takes, when it shares one with another type (both sides' prepayments take `PP-`); default its type. */
  readonly series?: string;
  /** A credit document: its credit is applied to documents of this type (`amount_allocated`, `remaining_credit`). */
  readonly credits?: 'invoice' | 'bill';
}

export const DOCUMENT_SPECS = {
  invoice: { type: 'invoice', label: 'invoice', path: 'invoices', prefix: 'INV', party: 'customer', dateField: 'invoice_date', posting: 'receivable', settleable: true, hasDueDate: true, paidFromAccount: false, created: 'invoice.created', voided: 'invoice.voided', draftSaved: 'invoice.draft_saved', scopeFeature: 'sales_invoices' },
  bill: { type: 'bill', label: 'bill', path: 'bills', prefix: 'BILL', party: 'vendor', dateField: 'bill_date', posting: 'payable', settleable: true, hasDueDate: true, paidFromAccount: false, created: 'bill.created', voided: 'bill.voided', draftSaved: 'bill.draft_saved', scopeFeature: 'purchases_bills' },
  estimate: { type: 'estimate', label: 'estimate', path: 'estimates', prefix: 'EST', party: 'customer', dateField: 'date', posting: 'none', settleable: false, hasDueDate: false, paidFromAccount: false, created: 'estimate.created', voided: 'document.voided', draftSaved: 'estimate.draft_saved', scopeFeature: 'sales_documents' },
  sales_order: { type: 'sales_order', label: 'sales order', path: 'sales-orders', prefix: 'SO', party: 'customer', dateField: 'date', posting: 'none', settleable: false, hasDueDate: false, paidFromAccount: false, created: 'sales_order.created', voided: 'document.voided', draftSaved: 'sales_order.draft_saved', scopeFeature: 'sales_documents' },
  purchase_order: { type: 'purchase_order', label: 'purchase order', path: 'purchase-orders', prefix: 'PO', party: 'vendor', dateField: 'date', posting: 'none', settleable: false, hasDueDate: false, paidFromAccount: false, created: 'purchase_order.created', voided: 'document.voided', draftSaved: 'purchase_order.draft_saved', scopeFeature: 'purchases_documents' },
  credit_note: { type: 'credit_note', label: 'credit note', path: 'credit-notes', prefix: 'CN', party: 'customer', dateField: 'date', posting: 'receivable_credit', settleable: false, hasDueDate: false, paidFromAccount: false, created: 'credit_note.created', voided: 'document.voided', draftSaved: 'credit_note.draft_saved', scopeFeature: 'sales_documents', credits: 'invoice' },
  debit_note: { type: 'debit_note', label: 'debit note', path: 'debit-notes', prefix: 'DN', party: 'customer', dateField: 'date', posting: 'receivable', settleable: false, hasDueDate: true, paidFromAccount: false, created: 'debit_note.created', voided: 'document.voided', draftSaved: 'debit_note.draft_saved', scopeFeature: 'sales_documents' },
  cash_sale: { type: 'cash_sale', label: 'cash sale', path: 'cash-sales', prefix: 'CS', party: 'customer', dateField: 'date', posting: 'cash_in', settleable: false, hasDueDate: false, paidFromAccount: true, created: 'sales_receipt.created', voided: 'sales_receipt.voided', draftSaved: 'sales_receipt.draft_saved', scopeFeature: 'sales_documents' },
  expense: { type: 'expense', label: 'expense', path: 'expenses', prefix: 'EXP', party: 'vendor', dateField: 'date', posting: 'cash_out', settleable: false, hasDueDate: false, paidFromAccount: true, created: 'expense.created', voided: 'document.voided', draftSaved: 'expense.draft_saved', scopeFeature: 'purchases_documents' },
  // A supplier's credit note. Its scope is the bills' (purchases_bills), as the e-invoice import that turns a
  // supplier's credit note into one is (api.md, POST /bills/e-invoices), and as it is applied to bills.
  vendor_credit: { type: 'vendor_credit', label: 'vendor credit', path: 'vendor-credits', prefix: 'VC', party: 'vendor', dateField: 'date', posting: 'payable_credit', settleable: false, hasDueDate: false, paidFromAccount: false, created: 'vendor_credit.created', voided: 'vendor_credit.voided', draftSaved: 'vendor_credit.draft_saved', scopeFeature: 'purchases_bills', credits: 'bill' },
  // Money received from a customer (or paid to a vendor) before any invoice (bill), or what a receipt (payment)
  // left over: credit held in receivables (payables) until it is applied. Its scope is the money's, as is its
  // series, one for both sides (api.md, "Customer credit").
  prepayment: { type: 'prepayment', label: 'prepayment', path: 'prepayments', prefix: 'PP', party: 'customer', dateField: 'date', posting: 'prepayment_in', settleable: false, hasDueDate: false, paidFromAccount: true, created: 'prepayment.created', voided: 'prepayment.voided', draftSaved: null, scopeFeature: 'sales_receipts', credits: 'invoice', series: 'prepayment' },
  vendor_prepayment: { type: 'vendor_prepayment', label: 'vendor prepayment', path: 'vendor-prepayments', prefix: 'PP', party: 'vendor', dateField: 'date', posting: 'prepayment_out', settleable: false, hasDueDate: false, paidFromAccount: true, created: 'vendor_prepayment.created', voided: 'vendor_prepayment.voided', draftSaved: null, scopeFeature: 'purchases_payments', credits: 'bill', series: 'prepayment' },
} as const satisfies Record<DocumentType, DocumentSpec>;

/** The scopes of the types that have drafts (money has none: a prepayment is recorded, never drafted). */
export type DraftedFeature = Exclude<DocumentSpec['scopeFeature'], 'sales_receipts' | 'purchases_payments'>;

export const DOCUMENT_TYPES = Object.keys(DOCUMENT_SPECS) as DocumentType[];

/** The credit documents (a credit note, a vendor credit): their credit is allocated to the other side's documents. */
export type CreditType = { [T in DocumentType]: (typeof DOCUMENT_SPECS)[T] extends { credits: string } ? T : never }[DocumentType];
export const CREDIT_TYPES = DOCUMENT_TYPES.filter((type): type is CreditType => 'credits' in DOCUMENT_SPECS[type]);
export const isCreditType = (type: DocumentType): type is CreditType => 'credits' in DOCUMENT_SPECS[type];
/** The credit documents applied to invoices (a credit note, a prepayment) or to bills (a vendor credit, a vendor prepayment). */
export const creditTypesOf = (target: 'invoice' | 'bill'): CreditType[] => CREDIT_TYPES.filter((type) => DOCUMENT_SPECS[type].credits === target);

/** The credit documents that hold money (a prepayment's, an overpayment's) rather than a supplier's or our own credit note. */
export const isPrepaymentType = (type: DocumentType): type is 'prepayment' | 'vendor_prepayment' => DOCUMENT_SPECS[type].posting === 'prepayment_in' || DOCUMENT_SPECS[type].posting === 'prepayment_out';

/** The documents cash basis recognises as they are settled; the others (a cash sale, an expense) are cash already. */
export const CASH_BASIS_TYPES: ReadonlySet<DocumentType> = new Set(['invoice', 'bill', ...CREDIT_TYPES]);

/** `INV-00001`: at least five digits, more when the series grows past them. */
export function formatNumber(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(5, '0')}`;
}
