import * as v from 'valibot';
import type { EventName } from './catalogue.ts';
import { BankLine } from '../shared/banking/index.ts';
import { ResourceId } from '../shared/platform/core/fields.ts';
import { Bill, CashSale, CreditNote, DebitNote, DOCUMENT_RESOURCES, Estimate, Expense, Invoice, ManualJournal, Prepayment, PurchaseOrder, SalesOrder, TaxRate, VendorCredit, VendorPrepayment } from '../shared/ledger/index.ts';
import { MoneyDocument, Refund, VendorRefund } from '../shared/cash/index.ts';
import { Attachment } from '../shared/attachments/index.ts';
import { Party } from '../shared/parties/index.ts';
import { ReminderPayload, RecurringInvoice } from '../shared/sales/index.ts';
import { LockDateChange, Member } from '../shared/access/index.ts';
import { StatementMail } from '../shared/reports/index.ts';

// Lazy: document modules and this one import each other (documents emit events), so the union is built on use.
const AnyDocument = v.lazy(() => v.union(Object.values(DOCUMENT_RESOURCES)));

/**
 * The `data` of every event of the catalogue: the resource as GET returns it, or the event's own shape. Webhook
 * bodies and the outbox carry exactly this; the integration tests check every outbox event they read against it.
 */
export const EVENT_PAYLOADS = {
  'invoice.created': Invoice,
  'invoice.voided': Invoice,
  'invoice.paid': Invoice,
  'invoice.sent': Invoice,
  'invoice.reminder': ReminderPayload,
  'recurring_invoice.created': RecurringInvoice,
  'recurring_invoice.updated': RecurringInvoice,
  'recurring_invoice.deleted': RecurringInvoice,
  'statement.sent': StatementMail,
  'tax_rate.created': TaxRate,
  'tax_rate.updated': TaxRate,
  'member.added': Member,
  'member.removed': Member,
  'bill.created': Bill,
  'bill.voided': Bill,
  'bill.paid': Bill,
  'receipt.created': MoneyDocument,
  'receipt.voided': MoneyDocument,
  'payment.created': MoneyDocument,
  'payment.voided': MoneyDocument,
  'sales_receipt.created': CashSale,
  'sales_receipt.voided': CashSale,
  'credit_note.created': CreditNote,
  'debit_note.created': DebitNote,
  'vendor_credit.created': VendorCredit,
  'vendor_credit.voided': VendorCredit,
  'vendor_credit.draft_saved': VendorCredit,
  'prepayment.created': Prepayment,
  'prepayment.voided': Prepayment,
  'vendor_prepayment.created': VendorPrepayment,
  'vendor_prepayment.voided': VendorPrepayment,
  'attachment.added': Attachment,
  'attachment.deleted': Attachment,
  'refund.created': Refund,
  'refund.voided': Refund,
  'vendor_refund.created': VendorRefund,
  'vendor_refund.voided': VendorRefund,
  'estimate.created': Estimate,
  'purchase_order.created': PurchaseOrder,
  'sales_order.created': SalesOrder,
  'expense.created': Expense,
  'invoice.draft_saved': Invoice,
  'bill.draft_saved': Bill,
  'estimate.draft_saved': Estimate,
  'sales_order.draft_saved': SalesOrder,
  'purchase_order.draft_saved': PurchaseOrder,
  'credit_note.draft_saved': CreditNote,
  'debit_note.draft_saved': DebitNote,
  'sales_receipt.draft_saved': CashSale,
  'expense.draft_saved': Expense,
  'estimate.converted': Estimate,
  'sales_order.converted': SalesOrder,
  'purchase_order.converted': PurchaseOrder,
  'document.created': AnyDocument,
  'document.voided': AnyDocument,
  'customer.created': Party,
  'vendor.created': Party,
  'bank_feed.received': v.object({
    account_id: ResourceId,
    source: v.string(),
    /** A queued import's one event carries its counts, not its lines (`lines` is empty). */
    import_id: v.optional(ResourceId),
    lines_added: v.optional(v.number()),
    lines_skipped: v.optional(v.number()),
    lines_categorized: v.optional(v.number()),
    lines: v.array(BankLine),
  }),
  'bank_feed.line_matched': BankLine,
  'bank_feed.line_categorized': BankLine,
  'bank_feed.line_updated': BankLine,
  'journal.created': ManualJournal,
  'journal.voided': ManualJournal,
  'journal.draft_saved': ManualJournal,
  'business.lock_date_changed': LockDateChange,
  ping: v.object({ endpoint_id: ResourceId, message: v.string() }),
} as const satisfies Record<EventName, v.GenericSchema>;

type Wire<T> = T extends (infer E)[] ? readonly Wire<E>[] : T extends object ? { readonly [K in keyof T]: Wire<T[K]> } : T;

export type PayloadOf<N extends EventName> = Wire<v.InferInput<(typeof EVENT_PAYLOADS)[N]>>;

type PayloadsByName = { readonly [N in EventName]: PayloadOf<N> };

// The outbox's registry of payloads (`emit.ts`) is filled in here, above the domains whose schemas it reads, so the
// platform and the ledger that emit events import none of them.
declare module '../shared/platform/outbox/emit.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the augmentation adds its supertype's members
  interface EventPayloads extends PayloadsByName {}
}
