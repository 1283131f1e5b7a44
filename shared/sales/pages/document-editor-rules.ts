/**
 * The document editor's rules, apart from HTTP and HTML: which documents it writes (invoices, bills, credit notes,
 * estimates, each through its API route's schema), how its rows of lines become the API's `lines` (rows left
 * empty are dropped), how a refusal of `lines[k].quantity` finds its way back to the row it came from, and what
 * the preview's totals are (the posting's own integer arithmetic).
 */
import { aboveText, keptRows, placeLineProblems, ROWS_ADDED, rowsOf } from '../../platform/web/line-editor-rules.ts';
import type * as v from 'valibot';
import { BillCreate, CreditNoteCreate, EstimateCreate, InvoiceCreate, PurchaseOrderCreate, rowTracking, SalesOrderCreate, TRACKING_COLUMNS, trackingCells, trackingProblemsOnColumns, VendorCreditCreate } from '../../ledger/index.ts';
import type { DocumentCreateBody, DocumentResource, DocumentType } from '../../ledger/index.ts';
import { RecurringInvoiceCreate, type RecurringInvoiceResource } from '../recurring/schemas.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Scope } from '../../platform/http/scopes.ts';
import { numberOf } from '../../platform/web/record-form-rules.ts';
import { SIDES, type Side } from './sides.ts';
import { previewTotals, type PreviewTotals } from './preview-totals.ts';

export { previewTotals, type PreviewTotals };

export type EditorType = Extract<DocumentType, 'invoice' | 'bill' | 'credit_note' | 'estimate' | 'sales_order' | 'purchase_order' | 'vendor_credit'>;

export interface EditorSpec {
  readonly type: EditorType;
  readonly label: string;
  /** The form's page and where it posts. */
  readonly newPath: string;
  readonly postPath: string;
  readonly scope: Scope;
  /** Whose document it is: the customer's (sales) or the vendor's (purchases). */
  readonly side: Side;
  readonly dateField: 'invoice_date' | 'bill_date' | 'date' | 'start_date';
  readonly dueDate: boolean;
  readonly schema: v.GenericSchema;
  /** The account types a line may post to: revenue on sales, expense or asset on purchases. */
  readonly accountTypes: readonly string[];
  /** A recurring invoice: a schedule and an invoice template (`POST /recurring-invoices`), not one document. */
  readonly recurring?: true;
  /** Offers Save as draft: every type the API drafts (all it writes but a recurring invoice's schedule). */
  readonly drafts?: true;
}

export const EDITORS: Readonly<Record<EditorType, EditorSpec>> = {
  invoice: { type: 'invoice', label: 'invoice', newPath: '/dashboard/invoices/new', postPath: '/dashboard/invoices', scope: 'sales_invoices:create', side: SIDES.invoice, dateField: 'invoice_date', dueDate: true, schema: InvoiceCreate, accountTypes: ['revenue'], drafts: true },
  bill: { type: 'bill', label: 'bill', newPath: '/dashboard/bills/new', postPath: '/dashboard/bills', scope: 'purchases_bills:create', side: SIDES.bill, dateField: 'bill_date', dueDate: true, schema: BillCreate, accountTypes: ['expense', 'asset'], drafts: true },
  credit_note: { type: 'credit_note', label: 'credit note', newPath: '/dashboard/credit-notes/new', postPath: '/dashboard/credit-notes', scope: 'sales_documents:create', side: SIDES.invoice, dateField: 'date', dueDate: false, schema: CreditNoteCreate, accountTypes: ['revenue'], drafts: true },
  estimate: { type: 'estimate', label: 'estimate', newPath: '/dashboard/estimates/new', postPath: '/dashboard/estimates', scope: 'sales_documents:create', side: SIDES.invoice, dateField: 'date', dueDate: false, schema: EstimateCreate, accountTypes: ['revenue'], drafts: true },
  sales_order: { type: 'sales_order', label: 'sales order', newPath: '/dashboard/sales-orders/new', postPath: '/dashboard/sales-orders', scope: 'sales_documents:create', side: SIDES.invoice, dateField: 'date', dueDate: false, schema: SalesOrderCreate, accountTypes: ['revenue'], drafts: true },
  purchase_order: { type: 'purchase_order', label: 'purchase order', newPath: '/dashboard/purchase-orders/new', postPath: '/dashboard/purchase-orders', scope: 'purchases_documents:create', side: SIDES.bill, dateField: 'date', dueDate: false, schema: PurchaseOrderCreate, accountTypes: ['expense', 'asset'], drafts: true },
  vendor_credit: { type: 'vendor_credit', label: 'vendor credit', newPath: '/dashboard/vendor-credits/new', postPath: '/dashboard/vendor-credits', scope: 'purchases_bills:create', side: SIDES.bill, dateField: 'date', dueDate: false, schema: VendorCreditCreate, accountTypes: ['expense', 'asset'], drafts: true },
};

/** The editor of a recurring invoice: the invoice editor's lines, with its schedule in the header. */
export const RECURRING_EDITOR: EditorSpec = { type: 'invoice', label: 'recurring invoice', newPath: '/dashboard/recurring-invoices/new', postPath: '/dashboard/recurring-invoices', scope: 'sales_invoices:create', side: SIDES.invoice, dateField: 'start_date', dueDate: false, schema: RecurringInvoiceCreate, accountTypes: ['revenue'], recurring: true };

/** The columns of a row the form shows, named as the API names a line's fields. */
const SHOWN_FIELDS = ['item_id', 'account_id', 'description', 'quantity', 'unit_price', 'tax_rate', ...TRACKING_COLUMNS] as const;
/**
 * Carried with a row, not shown: the tax rate a stored line names (a draft's, edited) and the percentage shown for
 * it, so the line keeps its rate (a reverse charge, say, which shows 0) while its percentage is left as it was.
 */
export const CARRIED_FIELDS = ['tax_rate_id', 'tax_rate_shown'] as const;
export const LINE_FIELDS = [...SHOWN_FIELDS, ...CARRIED_FIELDS] as const;
export type LineField = (typeof LINE_FIELDS)[number];
export type RowTyped = Readonly<Record<LineField, string>>;

/** A new form's rows ("More lines" adds `ROWS_ADDED` more, up to `MAX_ROWS`, the API's 200). */
export const STARTING_ROWS = 5;

export interface EditorTyped {
  readonly header: Readonly<Record<string, string>>;
  readonly rows: readonly RowTyped[];
}

const HEADER_FIELDS = ['party_id', 'date', 'due_date', 'currency', 'exchange_rate', 'reference', 'note', 'amounts', 'frequency', 'interval', 'end_date', 'count', 'due_in_days', 'send'] as const;




/** The posted form as typed: its header fields and its rows (each column posted once per row, in order). */
export function editorTypedOf(form: Readonly<Record<string, readonly string[]>>): EditorTyped {
  return { header: Object.fromEntries(HEADER_FIELDS.map((name) => [name, form[name]?.[0] ?? ''])), rows: rowsOf(form, LINE_FIELDS) };
}

export const blankRow = (): RowTyped => Object.fromEntries(LINE_FIELDS.map((field) => [field, ''])) as RowTyped;

/**
 * The API body the form stands for, and which form row each of its lines came from (`kept[k]` is the row of
 * `lines[k]`): rows left wholly empty are not lines.
 */
export function editorBody(spec: EditorSpec, typed: EditorTyped, mode: 'create' | 'edit' = 'create'): { readonly body: Record<string, unknown>; readonly kept: readonly number[] } {
  const kept = keptRows(typed.rows, SHOWN_FIELDS);
  const text = (value: string | undefined) => (value ?? '').trim();
  const body: Record<string, unknown> = { [spec.side.partyField]: text(typed.header.party_id), [spec.dateField]: text(typed.header.date) };
  if (spec.dueDate && text(typed.header.due_date)) body.due_date = text(typed.header.due_date);
  for (const name of ['currency', 'reference', 'note', 'amounts'] as const) if (text(typed.header[name])) body[name] = text(typed.header[name]);
  if (text(typed.header.exchange_rate)) body.exchange_rate = numberOf(text(typed.header.exchange_rate));
  const lines = kept.map((index) => {
    const row = typed.rows[index]!;
    const line: Record<string, unknown> = { description: row.description.trim(), quantity: numberOf(row.quantity.trim()), unit_price: numberOf(row.unit_price.trim()) };
    if (row.item_id.trim()) line.item_id = row.item_id.trim();
    if (row.account_id.trim()) line.account_id = row.account_id.trim();
    if (row.tax_rate_id.trim() && row.tax_rate.trim() === row.tax_rate_shown.trim()) line.tax_rate_id = row.tax_rate_id.trim();
    else if (row.tax_rate.trim()) line.tax_rate = numberOf(row.tax_rate.trim());
    const tracking = rowTracking(row);
    if (tracking.length > 0) line.tracking = tracking;
    if (row.description.trim() === '') delete line.description;
    if (row.quantity.trim() === '') delete line.quantity;
    if (row.unit_price.trim() === '') delete line.unit_price;
    return line;
  });
  if (!spec.recurring) return { body: { ...body, lines }, kept };
  return { body: mode === 'create' ? recurringBody(body, typed, lines) : recurringPatch(body, typed, lines), kept };
}

/**
 * A recurring invoice's change (`PATCH /recurring-invoices/{id}`): the template, sending and when it ends, an
 * emptied end cleared; its customer and rhythm stay (a new rhythm is a new recurring invoice).
 */
function recurringPatch(header: Record<string, unknown>, typed: EditorTyped, lines: readonly Record<string, unknown>[]): Record<string, unknown> {
  const { invoice, send } = recurringBody(header, typed, lines);
  const text = (name: string) => (typed.header[name] ?? '').trim();
  return { invoice, send, schedule: { end_date: text('end_date') || null, count: text('count') ? numberOf(text('count')) : null } };
}

/** What the editor shows of a recurring invoice: its schedule, template and lines as text. */
export function recurringTyped(recurring: RecurringInvoiceResource): EditorTyped {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const { schedule, invoice } = recurring;
  return {
    header: {
      party_id: recurring.customer_id,
      date: schedule.start_date,
      frequency: schedule.frequency,
      interval: text(schedule.interval),
      end_date: text(schedule.end_date),
      count: text(schedule.count),
      due_in_days: text(invoice.due_in_days),
      currency: text(invoice.currency),
      exchange_rate: text(invoice.exchange_rate),
      reference: text(invoice.reference),
      send: recurring.send ? 'on' : '',
    },
    rows: [...invoice.lines.map((line) => ({ ...blankRow(), item_id: text(line.item_id), account_id: text(line.account_id), description: line.description, quantity: text(line.quantity), unit_price: text(line.unit_price), tax_rate: text(line.tax_rate), ...trackingCells(line.tracking) })), ...Array.from({ length: ROWS_ADDED }, blankRow)],
  };
}

/**
 * What the editor shows of a draft: its header, with the exchange rate as given (a draft is priced at no rate), and
 * its lines as priced, each keeping the tax rate it named.
 */
export function draftTyped(spec: EditorSpec, draft: DocumentResource, given: DocumentCreateBody): EditorTyped {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const fields = draft as unknown as Readonly<Record<string, unknown>>;
  return {
    header: {
      party_id: text(fields[spec.side.partyField]),
      date: text(fields[spec.dateField]),
      due_date: spec.dueDate ? text(fields.due_date) : '',
      currency: draft.currency,
      exchange_rate: text(given.exchange_rate),
      reference: text(draft.reference),
      note: text(draft.note),
      amounts: text(given.amounts),
    },
    // A rate the draft's line named is carried; one a bare percentage stood for is not (it may not exist until approval).
    rows: [...draft.lines.map((line, index) => ({ ...blankRow(), item_id: text(line.item_id), account_id: text(line.account_id), description: line.description, quantity: text(line.quantity), unit_price: text(line.unit_price), tax_rate: text(line.tax_rate), tax_rate_id: text(given.lines[index]?.tax_rate_id), tax_rate_shown: text(line.tax_rate), ...trackingCells(line.tracking) })), ...Array.from({ length: ROWS_ADDED }, blankRow)],
  };
}

/** A recurring invoice's body: the schedule from the header, the template of its invoices, whether each is sent. */
function recurringBody(header: Record<string, unknown>, typed: EditorTyped, lines: readonly Record<string, unknown>[]): Record<string, unknown> {
  const text = (name: string) => (typed.header[name] ?? '').trim();
  const given = (names: readonly string[], numeric: readonly string[] = []) => Object.fromEntries(names.flatMap((name) => (text(name) ? [[name, numeric.includes(name) ? numberOf(text(name)) : text(name)]] : [])));
  const { customer_id: customerId, start_date: startDate, ...invoice } = header;
  return {
    customer_id: customerId,
    schedule: { frequency: text('frequency'), start_date: startDate, ...given(['interval', 'end_date', 'count'], ['interval', 'count']) },
    invoice: { ...invoice, ...given(['due_in_days'], ['due_in_days']), lines },
    send: text('send') === 'on',
  };
}

/** The form's own name of an API field: the party and date fields are `party_id` and `date` whatever the type. */
function headerName(spec: EditorSpec, field: string): string {
  if (field === spec.side.partyField) return 'party_id';
  if (field === spec.dateField) return 'date';
  return field;
}

export interface PlacedEditorProblems {
  readonly header: ReadonlyMap<string, string>;
  /** By form row, then by column. */
  readonly rows: ReadonlyMap<number, ReadonlyMap<string, string>>;
  readonly above: readonly string[];
}

/** A refusal placed on the editor: header fields by name, `lines[k].x` on the row `kept[k]`, the rest above. */
export function placeEditorProblems(spec: EditorSpec, problems: readonly FieldProblem[], kept: readonly number[], typedRows: readonly RowTyped[] = []): PlacedEditorProblems {
  // A recurring invoice's fields sit under `schedule.` and `invoice.`; the form names them without.
  const named = spec.recurring ? problems.map((problem) => ({ ...problem, field: problem.field.replace(/^(schedule|invoice)\./, '') })) : problems;
  // A carried rate refused (archived since) is said beside the percentage that stands for it.
  const onShown = named.map((problem) => ({ ...problem, field: problem.field.replace(/^(lines\[\d+\])\.tax_rate_id$/, '$1.tax_rate') }));
  const { rows, others } = placeLineProblems(trackingProblemsOnColumns(onShown, typedRows, kept), kept, SHOWN_FIELDS, 'description');
  const header = new Map<string, string>();
  const above: string[] = [];
  for (const problem of others) {
    const name = headerName(spec, problem.field);
    if ((HEADER_FIELDS as readonly string[]).includes(name)) header.set(name, problem.message);
    else above.push(aboveText(problem));
  }
  return { header, rows, above };
}



