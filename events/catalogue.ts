/**
 * The webhook event catalogue: every event the service can send, with what it means. The service index, the
 * live catalogue endpoint, the webhook endpoint validation and the outbox all read this one list.
 */
export const EVENT_CATALOGUE = [
  { name: 'invoice.created', description: 'A sales invoice was posted.' },
  { name: 'invoice.voided', description: 'A sales invoice was voided.' },
  { name: 'invoice.paid', description: 'A sales invoice became fully paid or settled.' },
  { name: 'invoice.sent', description: 'An invoice e-mail went out to its customer (sent_at and send_count moved).' },
  { name: 'invoice.reminder', description: 'A collections reminder went out for a customer with overdue invoices.' },
  { name: 'bill.created', description: 'A vendor bill was posted.' },
  { name: 'bill.voided', description: 'A vendor bill was voided.' },
  { name: 'bill.paid', description: 'A vendor bill became fully paid or settled.' },
  { name: 'receipt.created', description: 'Money was received from a customer.' },
  { name: 'receipt.voided', description: 'A customer receipt was voided.' },
  { name: 'payment.created', description: 'Money was paid to a vendor.' },
  { name: 'payment.voided', description: 'A vendor payment was voided.' },
  { name: 'sales_receipt.created', description: 'A cash sale was recorded (including point of sale).' },
  { name: 'sales_receipt.voided', description: 'A cash sale was voided.' },
  { name: 'credit_note.created', description: 'A credit note was issued.' },
  { name: 'debit_note.created', description: 'A debit note was issued.' },
  { name: 'vendor_credit.created', description: "A vendor credit (a supplier's credit note) was posted against payables." },
  { name: 'vendor_credit.voided', description: 'A vendor credit was voided (its entry reversed).' },
  { name: 'prepayment.created', description: "A customer's credit in money was recorded: a prepayment, or what a receipt left over (an overpayment)." },
  { name: 'prepayment.voided', description: 'A prepayment or overpayment was voided (with its receipt, for an overpayment).' },
  { name: 'vendor_prepayment.created', description: 'Money paid to a vendor ahead of its bills was recorded: a prepayment, or what a payment left over.' },
  { name: 'vendor_prepayment.voided', description: 'A vendor prepayment or overpayment was voided (with its payment, for an overpayment).' },
  { name: 'estimate.created', description: 'An estimate was created.' },
  { name: 'purchase_order.created', description: 'A purchase order was raised.' },
  { name: 'sales_order.created', description: 'A sales order was raised.' },
  { name: 'expense.created', description: 'An expense was recorded.' },
  { name: 'invoice.draft_saved', description: 'A sales invoice was saved or changed as a draft (nothing posted; invoice.created fires when it is approved).' },
  { name: 'bill.draft_saved', description: 'A vendor bill was saved or changed as a draft (nothing posted; bill.created fires when it is approved).' },
  { name: 'estimate.draft_saved', description: 'An estimate was saved or changed as a draft (nothing posted; estimate.created fires when it is approved).' },
  { name: 'sales_order.draft_saved', description: 'A sales order was saved or changed as a draft (nothing posted; sales_order.created fires when it is approved).' },
  { name: 'purchase_order.draft_saved', description: 'A purchase order was saved or changed as a draft (nothing posted; purchase_order.created fires when it is approved).' },
  { name: 'credit_note.draft_saved', description: 'A credit note was saved or changed as a draft (nothing posted; credit_note.created fires when it is approved).' },
  { name: 'debit_note.draft_saved', description: 'A debit note was saved or changed as a draft (nothing posted; debit_note.created fires when it is approved).' },
  { name: 'vendor_credit.draft_saved', description: 'A vendor credit was saved or changed as a draft (nothing posted; vendor_credit.created fires when it is approved).' },
  { name: 'sales_receipt.draft_saved', description: 'A cash sale was saved or changed as a draft (nothing posted; sales_receipt.created fires when it is approved).' },
  { name: 'expense.draft_saved', description: 'An expense was saved or changed as a draft (nothing posted; expense.created fires when it is approved).' },
  { name: 'estimate.converted', description: 'An estimate was converted into an invoice (a draft, or posted): it is Invoiced and names the invoice.' },
  { name: 'sales_order.converted', description: 'A sales order was converted into an invoice (a draft, or posted): it is Invoiced and names the invoice.' },
  { name: 'purchase_order.converted', description: 'A purchase order was converted into a bill (a draft, or posted): it is Billed and names the bill.' },
  { name: 'document.created', description: 'Any other document type was posted.' },
  { name: 'document.voided', description: 'Any other document type was voided.' },
  { name: 'customer.created', description: 'A customer was added.' },
  { name: 'statement.sent', description: "A customer's statement of account was e-mailed (the customer, the period, the recipients)." },
  { name: 'vendor.created', description: 'A vendor was added.' },
  { name: 'bank_feed.received', description: 'Statement lines arrived on a bank account, through the API, a rail or an import.' },
  { name: 'bank_feed.line_matched', description: 'A bank-feed line was matched to postings on its account (or to the money recorded for it).' },
  { name: 'bank_feed.line_categorized', description: 'A bank-feed line was posted as a bank transaction against another account.' },
  { name: 'bank_feed.line_updated', description: 'A bank-feed line was excluded, or its match, categorization or exclusion undone.' },
  { name: 'journal.created', description: 'A manual journal was posted.' },
  { name: 'journal.draft_saved', description: 'A manual journal was saved or changed as a draft (nothing posted; journal.created fires when it is approved).' },
  { name: 'journal.voided', description: 'A manual journal was voided (its entry reversed).' },
  { name: 'business.lock_date_changed', description: "The business's lock date was set, moved or cleared." },
  { name: 'recurring_invoice.created', description: 'A recurring invoice was set up.' },
  { name: 'recurring_invoice.updated', description: 'A recurring invoice was changed, paused or resumed (its invoices fire invoice.created).' },
  { name: 'recurring_invoice.deleted', description: 'A recurring invoice was deleted; the invoices it posted stay.' },
  { name: 'member.added', description: 'A person joined the business (an invitation was accepted, or a member was added directly).' },
  { name: 'member.removed', description: "A member was removed, or an invitation withdrawn (its status says which); what they had given for the business ended with it." },
  { name: 'ping', description: "Sent from the settings screen's test action, to one endpoint only." },
] as const;

export type EventName = (typeof EVENT_CATALOGUE)[number]['name'];

const names: ReadonlySet<string> = new Set(EVENT_CATALOGUE.map((event) => event.name));

export function isEventName(text: string): text is EventName {
  return names.has(text);
}
