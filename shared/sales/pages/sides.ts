import type { DocumentType } from '../../ledger/index.ts';
import type { Scope } from '../../platform/http/scopes.ts';
import type { MoneyKind } from '../../cash/index.ts';
import type { PartyKind } from '../../parties/index.ts';

/** Sales and purchases look alike in the dashboard: one description of each side serves every page of both. */
export interface Side {
  readonly type: Extract<DocumentType, 'invoice' | 'bill'>;
  readonly label: string;
  readonly plural: string;
  readonly base: string;
  readonly party: PartyKind;
  readonly partyLabel: string;
  readonly partyPlural: string;
  readonly partyBase: string;
  /** What creating and changing a party needs (its API routes' scopes). */
  readonly partyScopes: { readonly create: Scope; readonly update: Scope };
  readonly partyField: 'customer_id' | 'vendor_id';
  readonly dateField: 'invoice_date' | 'bill_date';
  readonly voidScope: Scope;
  /** Saving and changing a draft (the type's create scope), and posting it. */
  readonly draftScopes: { readonly save: Scope; readonly approve: Scope };
  readonly money: { readonly kind: MoneyKind; readonly label: string; readonly form: string; readonly scope: Scope };
  /** Whether its parties have statements of account (customers do). */
  readonly statements: boolean;
  /** Where a supplier's e-invoice is booked as one (bills), and the scope that takes. */
  readonly eInvoiceImport?: { readonly form: string; readonly scope: Scope };
}

export const SIDES = {
  invoice: {
    type: 'invoice',
    label: 'Invoice',
    plural: 'Invoices',
    base: '/dashboard/invoices',
    party: 'customer',
    partyLabel: 'Customer',
    partyPlural: 'Customers',
    partyBase: '/dashboard/customers',
    partyScopes: { create: 'sales_customers:create', update: 'sales_customers:update' },
    partyField: 'customer_id',
    dateField: 'invoice_date',
    voidScope: 'sales_invoices:void',
    draftScopes: { save: 'sales_invoices:create', approve: 'sales_invoices:approve' },
    money: { kind: 'receipt', label: 'Record a receipt', form: '/dashboard/receipts/new', scope: 'sales_receipts:create' },
    statements: true,
  },
  bill: {
    type: 'bill',
    label: 'Bill',
    plural: 'Bills',
    base: '/dashboard/bills',
    party: 'vendor',
    partyLabel: 'Vendor',
    partyPlural: 'Vendors',
    partyBase: '/dashboard/vendors',
    partyScopes: { create: 'purchases_vendors:create', update: 'purchases_vendors:update' },
    partyField: 'vendor_id',
    dateField: 'bill_date',
    voidScope: 'purchases_bills:void',
    draftScopes: { save: 'purchases_bills:create', approve: 'purchases_bills:approve' },
    money: { kind: 'payment', label: 'Record a payment', form: '/dashboard/payments/new', scope: 'purchases_payments:create' },
    statements: false,
    eInvoiceImport: { form: '/dashboard/bills/e-invoice', scope: 'purchases_bills:create' },
  },
} as const satisfies Record<string, Side>;

export const sideOfMoney = (kind: MoneyKind): Side => (kind === 'receipt' ? SIDES.invoice : SIDES.bill);
export const sideOfParty = (kind: PartyKind): Side => (kind === 'customer' ? SIDES.invoice : SIDES.bill);

/** The short messages a page shows after a form action sent the browser back to it (`?notice=`). */
export const NOTICES = {
  voided: 'Voided. Its journal entry was reversed.',
  receipt_recorded: 'Receipt recorded.',
  payment_recorded: 'Payment recorded.',
  receipt_recorded_with_credit: "Receipt recorded: what it held beyond its allocations is the customer's credit, listed under Prepayments.",
  payment_recorded_with_credit: "Payment recorded: what it held beyond its allocations is the vendor's credit, listed under Prepayments.",
  prepayment_recorded: 'Recorded as credit: apply it to an open document below, or refund it.',
  endpoint_created: 'Endpoint created.',
  endpoint_updated: 'Endpoint saved.',
  endpoint_deleted: 'Endpoint deleted.',
  ping_sent: 'Test event sent: it shows in the delivery log below in a moment.',
  delivery_retried: 'The delivery was queued again.',
  key_revoked: 'API key revoked. It stops working at once.',
  app_revoked: 'The app was disconnected. Its tokens stop working at once.',
  rail_deleted: 'Payout rail deleted.',
  reminders_saved: 'Reminder policy saved.',
  record_created: 'Created.',
  draft_saved: 'Saved as a draft: nothing is posted, and it takes its number when it is approved.',
  approved: 'Approved: posted with its number.',
  draft_deleted: 'Draft deleted. Nothing had been posted.',
  recurring_paused: 'Paused: nothing posts until it is resumed.',
  recurring_resumed: 'Resumed: what is due from today is posted.',
  recurring_deleted: 'Deleted. The invoices it posted stay.',
  journal_posted: 'Journal posted.',
  file_deleted: 'File deleted.',
  file_attached: 'File attached: its type was checked, and it is listed under Files.',
  e_invoice_imported: "Booked from the supplier's e-invoice: its lines, tax and totals are the e-invoice's, and the XML is attached.",
  vendor_credit_imported: "The supplier's credit note was booked as a vendor credit, the XML kept on it: apply it to the vendor's open bills below.",
  vendor_credit_created: 'Vendor credit created and posted: apply it to the vendor\'s open bills below.',
  e_invoice_known: 'This e-invoice was booked before: here is what it became. Nothing was added.',
  statement_imported: 'Statement imported: its new lines are listed below, unmatched first.',
  statement_known: 'Every line of the statement was already recorded: nothing was added.',
  transfer_posted: 'Transfer posted: match it to both statements as its lines arrive.',
  rule_added: 'Rule added: it applies to lines from now on.',
  rule_deleted: 'Rule deleted.',
  recurring_saved: 'Recurring invoice saved: its next invoices follow the new template.',
  recurring_created: 'Recurring invoice set up: what was already due is posted, the rest follows on its dates.',
  credit_applied: 'Credit applied: the invoices show it at once.',
  credit_undone: 'Undone: the credit is back on it and the invoice is open again.',
  vendor_credit_applied: 'Credit applied: the bills show it at once.',
  credit_refunded: 'Refund recorded: the money left the account on its date, and the credit left is less by its amount.',
  vendor_credit_refunded: 'Refund recorded: the money came back into the account on its date, and the credit left is less by its amount.',
  vendor_credit_undone: 'Undone: the credit is back on it and the bill is open again.',
  line_matched: 'Line matched.',
  line_categorized: 'Line categorized: its bank transaction is posted.',
  lines_categorized: 'Lines categorized: a bank transaction is posted for each.',
  line_excluded: 'Line excluded.',
  line_undone: 'Line returned to unmatched.',
  business_saved: 'Business profile saved.',
  lock_date_saved: 'Lock date saved.',
  rate_recorded: 'Exchange rate recorded.',
  tax_rate_added: 'Tax rate added: lines may name it now.',
  tax_rate_archived: 'Tax rate archived: it takes no new lines; what was posted keeps it.',
  tracking_category_added: 'Tracking category added: lines may name its options now.',
  tracking_category_changed: 'Tracking category changed: what was posted keeps its options.',
  invoice_queued: 'The invoice is on its way: its e-mail is queued, with the PDF attached and the public link in it.',
  statement_queued: 'The statement is on its way: its e-mail is queued, with the PDF attached.',
  document_created: 'Created and posted.',
  credit_note_created: 'Credit note created and posted.',
  estimate_created: 'Estimate created.',
  sales_order_created: 'Sales order created: convert it to an invoice when it is delivered.',
  purchase_order_created: 'Purchase order created: convert it to a bill when the supplier bills it.',
  record_saved: 'Saved.',
  member_invited: 'Invitation sent. The link in it works once, for 7 days.',
  member_updated: 'Role changed. What the member could do before and may not now has ended.',
  member_removed: 'Removed. Their access to this business, and the apps they connected for it, ended at once.',
} as const;

export function noticeOf(code: string | undefined): string | undefined {
  return code && Object.hasOwn(NOTICES, code) ? NOTICES[code as keyof typeof NOTICES] : undefined;
}
