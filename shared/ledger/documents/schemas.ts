import type { DocumentType } from './specs.ts';
import * as v from 'valibot';
import { LineTrackingInput, LineTrackingOutput } from '../tracking/schemas.ts';
import { Amount, CalendarDate, CurrencyCode, ExchangeRateInput, ExchangeRateOutput, IdRef, PagingQuery, ResourceId, Text, Timestamp } from '../../platform/core/fields.ts';

const Decimal4 = (label: string) =>
  v.pipe(
    v.number('must be a number'),
    v.finite('must be a finite number'),
    v.check((value) => /^-?\d+(\.\d{1,4})?$/.test(String(value)), `${label} takes at most four decimals`),
  );

export const LineInput = v.strictObject({
  item_id: v.optional(v.nullable(IdRef)),
  account_id: v.optional(v.nullable(v.pipe(IdRef, v.description('The revenue account (sales) or expense or asset account (purchases) the line posts to; default: its item\'s, else sales revenue or purchases.')))),
  description: Text(500),
  quantity: v.pipe(Decimal4('quantity'), v.minValue(0.0001, 'must be positive'), v.maxValue(1_000_000_000, 'must be at most 1000000000')),
  unit_price: Amount,
  tax_rate_id: v.optional(v.nullable(v.pipe(IdRef, v.description('The tax rate of the line (GET /tax-rates).')))),
  tax_rate: v.optional(v.pipe(Decimal4('tax_rate'), v.minValue(0, 'must not be negative'), v.maxValue(100, 'must be at most 100'), v.description('A bare percentage, still read when no tax_rate_id is named: 0 is the zero rate, any other the active standard rate of that percentage (created once when missing). Default 0.'))),
  tracking: v.optional(LineTrackingInput),
});

/** A document's lines as sent: one to 200. */
/** Whether a document's unit prices hold their tax; documents and recurring invoices' templates take it alike. */
export const AmountsInput = v.pipe(v.picklist(['exclusive', 'inclusive'], 'must be exclusive or inclusive'), v.description("inclusive: each line's unit_price holds its tax (a shop's prices). Default exclusive."));

export const DocumentLines = v.pipe(v.array(LineInput), v.minLength(1, 'must have at least one line'), v.maxLength(200, 'must have at most 200 lines'));

/** A document saved as a draft posts nothing until it is approved (`POST /{type}/{id}/approve`). */
export const DocumentStatusInput = v.pipe(v.picklist(['draft', 'posted'], 'must be draft or posted'), v.description('draft: saved without a number or a posting, changed with PATCH, posted by approve. Default posted.'));

const common = {
  status: v.optional(DocumentStatusInput),
  currency: v.optional(CurrencyCode),
  exchange_rate: v.optional(ExchangeRateInput),
  reference: v.optional(Text(100)),
  note: v.optional(Text(2000)),
  amounts: v.optional(AmountsInput),
  lines: DocumentLines,
};

type PartyField = 'customer_id' | 'vendor_id';
type DateField = 'invoice_date' | 'bill_date' | 'date';

/** The create body of one document type: its party field, its business date field and its own extras. */
function documentCreate<P extends PartyField, D extends DateField, E extends v.ObjectEntries>(party: P, date: D, extras: E) {
  const entries = { ...common, ...extras, [party]: IdRef, [date]: CalendarDate } as typeof common & E & Record<P, typeof IdRef> & Record<D, typeof CalendarDate>;
  return v.strictObject(entries);
}

const dueDate = { due_date: v.optional(CalendarDate) };
const paidFrom = { payment_account_id: IdRef };

export const InvoiceCreate = documentCreate('customer_id', 'invoice_date', dueDate);
export const BillCreate = documentCreate('vendor_id', 'bill_date', dueDate);
export const EstimateCreate = documentCreate('customer_id', 'date', {});
export const SalesOrderCreate = documentCreate('customer_id', 'date', {});
export const PurchaseOrderCreate = documentCreate('vendor_id', 'date', {});
export const CreditNoteCreate = documentCreate('customer_id', 'date', {});
export const DebitNoteCreate = documentCreate('customer_id', 'date', dueDate);
export const VendorCreditCreate = documentCreate('vendor_id', 'date', {});
export const CashSaleCreate = documentCreate('customer_id', 'date', paidFrom);
export const ExpenseCreate = documentCreate('vendor_id', 'date', paidFrom);

export type DocumentCreateBody = v.InferOutput<
  typeof InvoiceCreate | typeof BillCreate | typeof EstimateCreate | typeof SalesOrderCreate | typeof PurchaseOrderCreate | typeof CreditNoteCreate | typeof DebitNoteCreate | typeof VendorCreditCreate | typeof CashSaleCreate | typeof ExpenseCreate
>;

export const LineResource = v.object({
  item_id: v.nullable(v.string()),
  account_id: v.pipe(v.nullable(v.string()), v.description('The account the line posts to; null: the default of its type (sales revenue, or purchases and expenses).')),
  description: v.string(),
  quantity: v.number(),
  unit_price: v.number(),
  tax_rate: v.pipe(v.number(), v.description('The percentage of tax the line carries (0 at a reverse-charge rate).')),
  tax_rate_id: v.pipe(v.nullable(v.string()), v.description('The tax rate the line names; null only on lines posted before tax rates.')),
  amount: v.pipe(v.number(), v.description('Net of tax: quantity × unit_price rounded to the currency minor unit (inclusive: its share of its rate\'s net)')),
  tax_amount: v.number(),
  tracking: LineTrackingOutput,
});

const resourceCommon = {
  id: ResourceId,
  type: v.string(),
  no: v.pipe(v.nullable(v.string()), v.description('The number in its gapless series, such as INV-00001; null on a draft (numbered when approved).')),
  status: v.pipe(v.string(), v.description('Draft until approved; then by type: Open, PartiallyPaid, Paid, Settled, Closed, Invoiced or Billed (an estimate or order converted), Voided.')),
  currency: v.string(),
  exchange_rate: v.nullable(v.pipe(ExchangeRateOutput, v.description('Null on a document that posts nothing (an estimate, an order) when no rate was given or known.'))),
  reference: v.nullable(v.string()),
  note: v.nullable(v.string()),
  lines: v.array(LineResource),
  amounts: v.pipe(v.picklist(['exclusive', 'inclusive']), v.description('Whether the unit prices held their tax.')),
  tax_rounding: v.pipe(v.picklist(['rate', 'line']), v.description('How the tax was rounded: once per tax rate over the document (EN 16931), or per line (the business\'s choice, and documents posted before tax rates).')),
  subtotal: v.number(),
  tax_total: v.number(),
  reverse_charge_tax: v.pipe(v.number(), v.description('Of a bill or expense at reverse-charge rates: the tax self-assessed (booked to both tax payable and tax receivable, netting to zero; not in total). 0 otherwise.')),
  total: v.number(),
  voided_at: v.nullable(Timestamp),
  void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
  created_at: Timestamp,
  updated_at: Timestamp,
};

const settlement = {
  due_date: v.nullable(v.string()),
  amount_paid: v.number(),
  amount_credited: v.number(),
  balance_due: v.pipe(v.number(), v.description('total − amount_paid − amount_credited')),
};

function documentResource<P extends PartyField, D extends DateField, E extends v.ObjectEntries>(party: P, date: D, extras: E) {
  return v.object({ ...resourceCommon, ...extras, [party]: ResourceId, [date]: v.string() } as typeof resourceCommon & E & Record<P, typeof ResourceId> & Record<D, v.StringSchema<undefined>>);
}

const convertedTo = { converted_to_id: v.pipe(v.nullable(ResourceId), v.description('The invoice (or bill) made from it by POST …/convert; null until converted.')) };
const convertedFrom = {
  converted_from: v.pipe(v.nullable(v.object({ type: v.picklist(['estimate', 'sales_order', 'purchase_order']), id: ResourceId })), v.description('The estimate or order it was made from by a conversion; null otherwise.')),
};

export const Invoice = documentResource('customer_id', 'invoice_date', {
  ...settlement,
  ...convertedFrom,
  sent_at: v.pipe(v.nullable(Timestamp), v.description('When the last e-mail of it went out (POST /invoices/{id}/send); null until one has.')),
  send_count: v.pipe(v.number(), v.description('How many e-mails of it have gone out.')),
  recurring_invoice_id: v.pipe(v.nullable(ResourceId), v.description('The recurring invoice that posted it, if one did.')),
});
export const Bill = documentResource('vendor_id', 'bill_date', { ...settlement, ...convertedFrom });
export const Estimate = documentResource('customer_id', 'date', convertedTo);
export const SalesOrder = documentResource('customer_id', 'date', convertedTo);
export const PurchaseOrder = documentResource('vendor_id', 'date', convertedTo);
const credit = {
  amount_allocated: v.pipe(v.number(), v.description('How much of its credit live allocations have applied.')),
  remaining_credit: v.pipe(v.number(), v.description('total − amount_allocated: what is left to apply.')),
};
export const CreditNote = documentResource('customer_id', 'date', credit);
export const VendorCredit = documentResource('vendor_id', 'date', credit);
export const DebitNote = documentResource('customer_id', 'date', { due_date: v.nullable(v.string()) });
const prepaid = (party: string, money: 'receipt' | 'payment') => ({
  ...credit,
  payment_account_id: v.pipe(ResourceId, v.description('The bank or cash account the money moved through.')),
  source: v.pipe(v.picklist(['prepayment', 'overpayment']), v.description(`prepayment: money before any document (POST /${money === 'receipt' ? '' : 'vendor-'}prepayments); overpayment: what a ${money} left over beyond its allocations.`)),
  money: v.pipe(v.nullable(v.object({ type: v.picklist(['receipt', 'payment']), id: ResourceId, no: v.string() })), v.description(`Of an overpayment, the ${money} it is the rest of (voided with it); null for a prepayment.`)),
  lines: v.pipe(v.array(LineResource), v.description(`Always empty: the ${party}'s money, not a sale or purchase.`)),
});
export const Prepayment = documentResource('customer_id', 'date', prepaid('customer', 'receipt'));
export const VendorPrepayment = documentResource('vendor_id', 'date', prepaid('vendor', 'payment'));
export const CashSale = documentResource('customer_id', 'date', { payment_account_id: ResourceId });
export const Expense = documentResource('vendor_id', 'date', { payment_account_id: ResourceId });

/** Each document type's resource, as GET returns it and its events carry it. */
export const DOCUMENT_RESOURCES = {
  invoice: Invoice,
  bill: Bill,
  estimate: Estimate,
  sales_order: SalesOrder,
  purchase_order: PurchaseOrder,
  credit_note: CreditNote,
  debit_note: DebitNote,
  vendor_credit: VendorCredit,
  cash_sale: CashSale,
  expense: Expense,
  prepayment: Prepayment,
  vendor_prepayment: VendorPrepayment,
} as const satisfies Record<DocumentType, v.GenericSchema>;

export type DocumentResource<T extends DocumentType = DocumentType> = v.InferInput<(typeof DOCUMENT_RESOURCES)[T]>;

const statusFilter = v.optional(v.pipe(v.picklist(['Draft', 'draft', 'Open', 'PartiallyPaid', 'Paid', 'Settled', 'Closed', 'Invoiced', 'Billed', 'Voided'], 'must be a document status'), v.description('Draft (or draft) lists the drafts alone; without a status a list holds posted documents only.')));
const dateRange = { from: v.optional(CalendarDate), to: v.optional(CalendarDate) };

export const CustomerDocumentListQuery = v.strictObject({ ...PagingQuery, ...dateRange, status: statusFilter, customer_id: v.optional(IdRef) });
export const VendorDocumentListQuery = v.strictObject({ ...PagingQuery, ...dateRange, status: statusFilter, vendor_id: v.optional(IdRef) });
/** The list query of a side's documents: filtered by customer on the sales side, by vendor on the purchases side. */
export const documentListQueryOf = (side: { readonly type: 'invoice' | 'bill' }) => (side.type === 'invoice' ? CustomerDocumentListQuery : VendorDocumentListQuery);

export type DocumentListQuery = v.InferOutput<typeof CustomerDocumentListQuery> | v.InferOutput<typeof VendorDocumentListQuery>;

/**
 * What one credit application may settle: each allocation writes its invoice, its open marker when it closes it,
 * its allocation record, its own currency-difference entry when the rates differ and an invoice.paid event (5
 * items), beside what the request writes once (the note, its open marker and its relief record, the relief record
 * of its invoices, the period tallies, the audit entry). 17 keep the largest within DynamoDB's 100 items (18 made
 * 101 once the note's own relief record was written, for the aged reports' unapplied credit; 25 made 132).
 */
export const MAX_CREDIT_ALLOCATIONS = 17;

export const CreditAllocationCreate = v.strictObject({
  date: v.optional(v.pipe(CalendarDate, v.description('The day the credit is applied (default today); the lock date guards it.'))),
  allocations: v.pipe(
    v.array(v.strictObject({ document_id: IdRef, amount: v.pipe(Amount, v.check((amount) => amount > 0, 'must be greater than zero')) })),
    v.minLength(1, 'must have at least one allocation'),
    v.maxLength(MAX_CREDIT_ALLOCATIONS, `must have at most ${MAX_CREDIT_ALLOCATIONS} allocations`),
  ),
});

const allocationFields = (credit: string, target: string) => ({
  id: ResourceId,
  document_id: v.pipe(ResourceId, v.description(`The ${target} it applied credit to.`)),
  amount: v.number(),
  currency: v.string(),
  date: v.pipe(CalendarDate, v.description('The day the credit was applied.')),
  journal_entry_id: v.pipe(v.nullable(ResourceId), v.description(`The realized gain or loss between the ${credit}'s and the ${target}'s rates; null when they value the credit alike.`)),
  voided_at: v.nullable(Timestamp),
  void_date: v.pipe(v.nullable(CalendarDate), v.description("The day the void's reversal is booked (null while not voided).")),
  created_at: Timestamp,
});

export const CreditAllocation = v.object({ credit_note_id: ResourceId, ...allocationFields('credit note', 'invoice') });
export const VendorCreditAllocation = v.object({ vendor_credit_id: ResourceId, ...allocationFields('vendor credit', 'bill') });

export const PrepaymentAllocation = v.object({ prepayment_id: ResourceId, ...allocationFields('prepayment', 'invoice') });
export const VendorPrepaymentAllocation = v.object({ vendor_prepayment_id: ResourceId, ...allocationFields('vendor prepayment', 'bill') });

export const CreditAllocationResult = v.object({ credit_note: CreditNote, allocations: v.array(CreditAllocation) });
export const PrepaymentAllocationResult = v.object({ prepayment: Prepayment, allocations: v.array(PrepaymentAllocation) });
export const VendorPrepaymentAllocationResult = v.object({ vendor_prepayment: VendorPrepayment, allocations: v.array(VendorPrepaymentAllocation) });
export const VendorCreditAllocationResult = v.object({ vendor_credit: VendorCredit, allocations: v.array(VendorCreditAllocation) });

export const ConvertInput = v.strictObject({
  approve: v.optional(v.pipe(v.boolean('must be true or false'), v.description('true: post the invoice (or bill) at once, which needs the :approve verb too; default false: a draft.'))),
  date: v.optional(v.pipe(CalendarDate, v.description('The invoice (bill) date; default today.'))),
  due_date: v.optional(v.pipe(CalendarDate, v.description('Default: by payment terms.'))),
});

export type ConvertInputBody = v.InferOutput<typeof ConvertInput>;
