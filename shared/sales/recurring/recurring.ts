/**
 * Recurring invoices: a customer, a schedule (`shared/sales/recurring/recurrence.ts`) and an invoice template. Each due
 * occurrence is posted through the one posting path (the producer of POST /invoices: numbering, lock date, the
 * rate of its own date), with the schedule moved on and a marker for the occurrence in the posting's own
 * transaction, so an occurrence is posted once however many runs race. The daily job (the reminders schedule)
 * posts what fell due; creating or resuming a schedule posts what is due already, the 12 latest at most.
 * At most 100 schedules a business, read whole (one Query) by the daily job.
 */
import { addAuditEntry } from '../../platform/trail/write.ts';
import { changedAction, createdAction, deletedAction } from '../../platform/trail/actions.ts';
import { collection, type Stored } from '../../platform/db/collection.ts';
import { counterKey, businessPk, type Key } from '../../platform/db/keys.ts';
import { businessListPage, readCounter } from '../../platform/db/query.ts';
import { mustNotExist, TransactionConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { checkDocumentDraft, createDocument } from '../../documents/index.ts';
import { shownTracking, trackedAs } from '../../ledger/index.ts';
import type { DocumentCreateBody, TrackingRef } from '../../ledger/index.ts';
import { NotFound, PeriodLocked, RuleViolation, StateConflict } from '../../platform/core/errors.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { mailRecipients } from '../invoice-mail-rules.ts';
import type { Page, PageRequest } from '../../platform/core/paging.ts';
import { addDays, occurrenceDate, planOccurrences, type Occurrence, type Recurrence, type SkipReason } from './recurrence.ts';
import { emit } from '../../platform/outbox/emit.ts';
import { addInvoiceMail } from '../invoice-mail.ts';
import { mailQuota } from '../../platform/mail/quota.ts';
import type { InvoiceTemplate, RecurringInvoiceCreateInput, RecurringInvoicePatchInput, RecurringInvoiceResource, SkippedOccurrence } from './schemas.ts';

export const MAX_RECURRING_INVOICES = 100;
/** A schedule keeps its latest skipped occurrences, enough to list every one a start or resume skips in most cases. */
const SKIPPED_KEPT = 50;

/** The template as kept: lines as sent (major units), with their optional fields filled. */
interface StoredTemplate {
  readonly due_in_days: number;
  readonly currency: string | null;
  readonly exchange_rate: number | null;
  readonly reference: string | null;
  /** Absent on templates kept before tax-inclusive prices: exclusive. */
  readonly amounts?: 'exclusive' | 'inclusive';
  readonly lines: readonly { readonly item_id: Id | null; readonly account_id: Id | null; readonly description: string; readonly quantity: number; readonly unit_price: number; readonly tax_rate: number | null; readonly tax_rate_id?: Id | null; readonly tracking?: readonly TrackingRef[] }[];
}

export interface RecurringRecord {
  readonly id: Id;
  readonly customer_id: Id;
  readonly schedule: Recurrence;
  readonly invoice: StoredTemplate;
  readonly send: boolean;
  readonly status: 'active' | 'paused';
  /** The occurrence the schedule is at, and its date (null once it has ended). */
  readonly next_index: number;
  readonly next_date: string | null;
  readonly last_invoice_id: Id | null;
  readonly invoices_created: number;
  readonly skipped: readonly SkippedOccurrence[];
  /** The last pause: from the day it began, until the day it was resumed (null while it lasts). */
  readonly paused_from: string | null;
  readonly paused_until: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const recurringStore = collection<RecurringRecord>({ kind: 'RECURRING', order: (record) => `RECURRING#${record.created_at}#${record.id}` });

function storedTemplate(template: InvoiceTemplate): StoredTemplate {
  return {
    due_in_days: template.due_in_days,
    currency: template.currency ?? null,
    exchange_rate: template.exchange_rate ?? null,
    reference: template.reference ?? null,
    amounts: template.amounts ?? 'exclusive',
    lines: template.lines.map((line) => ({ item_id: (line.item_id ?? null) as Id | null, account_id: (line.account_id ?? null) as Id | null, description: line.description, quantity: line.quantity, unit_price: line.unit_price, tax_rate: line.tax_rate ?? (line.tax_rate_id ? null : 0), tax_rate_id: (line.tax_rate_id ?? null) as Id | null, ...trackedAs(line.tracking) })),
  };
}

export function toRecurringResource(record: RecurringRecord): RecurringInvoiceResource {
  return {
    id: record.id,
    customer_id: record.customer_id,
    schedule: { ...record.schedule },
    invoice: { ...record.invoice, amounts: record.invoice.amounts ?? 'exclusive', lines: record.invoice.lines.map(({ tracking, ...line }) => ({ ...line, tax_rate_id: line.tax_rate_id ?? null, tracking: shownTracking(tracking) })) },
    send: record.send,
    status: record.status,
    next_date: record.next_date,
    last_invoice_id: record.last_invoice_id,
    invoices_created: record.invoices_created,
    skipped: record.skipped.map((skip) => ({ ...skip })),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** The invoice an occurrence posts: the template, dated the occurrence's date. */
function invoiceBody(record: Pick<RecurringRecord, 'customer_id' | 'invoice'>, date: string): DocumentCreateBody {
  const template = record.invoice;
  return {
    customer_id: record.customer_id,
    invoice_date: date,
    due_date: addDays(date, template.due_in_days),
    ...(template.currency ? { currency: template.currency } : {}),
    ...(template.exchange_rate !== null ? { exchange_rate: template.exchange_rate } : {}),
    ...(template.reference ? { reference: template.reference } : {}),
    ...(template.amounts === 'inclusive' ? { amounts: 'inclusive' } : {}),
    // A line sends what it was given: its rate by id, or its bare percentage (resolved when each invoice posts).
    lines: template.lines.map(({ tax_rate, tax_rate_id, ...line }) => ({ ...line, ...(tax_rate_id ? { tax_rate_id } : {}), ...(tax_rate !== null ? { tax_rate } : {}) })),
  } as DocumentCreateBody;
}

/**
 * The schedule after its occurrence `occurrence` was posted now (`invoiceId`), skipped, or found posted before
 * (`null`: nothing more to count).
 */
function movedOn(record: RecurringRecord, occurrence: Occurrence, outcome: { readonly invoiceId: Id } | { readonly skipped: SkippedOccurrence } | null, now: string): RecurringRecord {
  const next = occurrence.index + 1;
  const counted = outcome === null ? {} : 'invoiceId' in outcome ? { last_invoice_id: outcome.invoiceId, invoices_created: record.invoices_created + 1 } : { skipped: [...record.skipped, outcome.skipped].slice(-SKIPPED_KEPT) };
  return { ...record, next_index: next, next_date: occurrenceDate(record.schedule, next), ...counted, updated_at: now };
}

/** Another run (or a change) moved the schedule since it was read: read it again. */
class Superseded extends Error {}

/** The occurrence's marker exists: it was posted already, though the schedule as read does not say so. */
class AlreadyPosted extends Error {}

/** The business's e-mail quota has no room this hour for the occurrence's e-mail: it is posted on a later run. */
class MailDeferred extends Error {}

/**
 * Moves the schedule past an occurrence it does not post now: skipped (with its reason), or posted before (null).
 * A schedule another run moved meanwhile is left as that run left it: the caller reads it again.
 */
async function passOver(businessId: Id, stored: Stored<RecurringRecord>, occurrence: Occurrence, skipped: { readonly reason: SkipReason; readonly message: string | null } | null): Promise<void> {
  const tx = new WriteTransaction();
  recurringStore.addReplace(tx, businessId, movedOn(stored.record, occurrence, skipped && { skipped: { date: occurrence.date, ...skipped } }, new Date().toISOString()), stored.version);
  try {
    await tx.commit();
  } catch (error) {
    if (!(error instanceof TransactionConflict && error.failedOn('RECURRING:version'))) throw error;
  }
}

/**
 * Posts one occurrence through the producer of POST /invoices. The schedule is read with the posting and moved on
 * in its transaction, with the occurrence's marker (which must not exist) and, when the schedule sends, the
 * invoice's e-mail record: a run that lost a race finds the schedule moved and posts nothing.
 */
async function postOccurrence(businessId: Id, record: RecurringRecord, occurrence: Occurrence): Promise<void> {
  const key = recurringStore.keyOf(businessId, record.id);
  const marker = recurredKey(businessId, record.id, occurrence.date);
  const quota = mailQuota(businessId);
  await createDocument('invoice', businessId, invoiceBody(record, occurrence.date), undefined, {
    reads: [key, marker, quota.key],
    fields: { recurring_invoice_id: record.id },
    decide: (read, document, customer) => {
      const fresh = recurringStore.fromItem(read(key));
      if (!fresh || fresh.record.status !== 'active' || fresh.record.next_index !== occurrence.index) throw new Superseded();
      if (read(marker)) throw new AlreadyPosted();
      const moved = movedOn(fresh.record, occurrence, { invoiceId: document.id }, document.created_at);
      const email = fresh.record.send ? customer.email : null;
      const allowance = email ? quota.decide(read, 1) : null;
      // The occurrence and its e-mail go together: with no room for the e-mail this hour, neither is posted yet.
      if (allowance && !allowance.allowed) throw new MailDeferred();
      return (tx) => {
        recurringStore.addReplace(tx, businessId, moved, fresh.version);
        tx.put('RECURRING:occurrence', { ...marker, invoice_id: document.id }, mustNotExist);
        if (email && allowance?.allowed) {
          quota.spend(tx, allowance, 1);
          addInvoiceMail(tx, businessId, document.id, mailRecipients({}, email));
        }
      };
    },
  });
}

/**
 * Posts (or skips) every occurrence of one schedule due by `today`, one at a time from a fresh read, so a run
 * racing another, or stopped half-way, leaves each occurrence posted once. An occurrence the posting refuses (a
 * locked period, an archived account, a currency without a rate) is skipped with the reason, not retried forever.
 */
export async function runRecurringInvoice(businessId: Id, id: Id, today: string, catchUp: boolean): Promise<RecurringRecord | undefined> {
  for (;;) {
    const stored = await recurringStore.get(businessId, id);
    if (!stored) return undefined;
    const record = stored.record;
    if (record.status !== 'active' || record.next_date === null || record.next_date > today) return record;
    const paused = record.paused_from && record.paused_until ? { from: record.paused_from, until: record.paused_until } : null;
    const [step] = planOccurrences(record.schedule, record.next_index, today, { catchUp, paused });
    if (!step) return record;
    try {
      if (step.skip) await passOver(businessId, stored, step.occurrence, { reason: step.skip, message: null });
      else await postOccurrence(businessId, record, step.occurrence);
    } catch (error) {
      if (error instanceof Superseded) continue;
      // Left due: the next run (the daily job) posts it, with its e-mail, once the hour has room.
      if (error instanceof MailDeferred) return record;
      // Posted before (a schedule restored from an older copy): move past it, posting nothing again.
      if (error instanceof AlreadyPosted) await passOver(businessId, stored, step.occurrence, null);
      else if (error instanceof PeriodLocked) await passOver(businessId, stored, step.occurrence, { reason: 'locked', message: error.message });
      else if (error instanceof RuleViolation || error instanceof NotFound) await passOver(businessId, stored, step.occurrence, { reason: 'refused', message: error.message });
      else throw error;
    }
  }
}

/** The daily job for one business: each active schedule's occurrences that fell due by `today`. */
export async function runDueRecurringInvoices(businessId: Id, today: string): Promise<number> {
  let posted = 0;
  for (const schedule of await recurringStore.all(businessId)) {
    if (schedule.status !== 'active' || schedule.next_date === null || schedule.next_date > today) continue;
    const after = await runRecurringInvoice(businessId, schedule.id, today, false);
    posted += (after?.invoices_created ?? schedule.invoices_created) - schedule.invoices_created;
  }
  return posted;
}

/** One page of the businesses that keep recurring invoices, and where the next page starts. */
export async function businessesWithRecurringInvoices(after?: string, limit = 100): Promise<{ readonly businessIds: Id[]; readonly next?: string }> {
  return businessListPage(RECURRING_BUSINESSES_PK, after, limit);
}

/** A template is checked as its invoices will be: the customer, items, accounts and amounts (400 naming each). */
/** Whether a recurring invoice's first invoice would post (party, items, accounts, rate, lock date): the dashboard's preview. */
export async function checkRecurringDraft(businessId: Id, input: RecurringInvoiceCreateInput): Promise<void> {
  await checkTemplate(businessId, input.customer_id as Id, storedTemplate(input.invoice), input.schedule.start_date);
}

async function checkTemplate(businessId: Id, customerId: Id, template: StoredTemplate, date: string): Promise<void> {
  try {
    await checkDocumentDraft('invoice', businessId, invoiceBody({ customer_id: customerId, invoice: template }, date));
  } catch (error) {
    // The draft names the invoice's fields; the template's own are under `invoice.` (the customer stays itself).
    if (error instanceof RuleViolation) throw new RuleViolation(error.problems.map((problem) => (problem.field === 'customer_id' ? problem : { ...problem, field: `invoice.${problem.field}` })));
    throw error;
  }
}

/**
 * Sets up a recurring invoice and posts what is due. `id`, when given, makes the call safe to repeat: the dashboard
 * derives it from its form's idempotency key, so a form sent twice finds the schedule the first made and answers it.
 */
export async function createRecurringInvoice(businessId: Id, input: RecurringInvoiceCreateInput, today: string, repeatableId?: Id): Promise<RecurringInvoiceResource> {
  const made = repeatableId ? await recurringStore.get(businessId, repeatableId) : undefined;
  if (made) return toRecurringResource(made.record);
  const id = repeatableId ?? newId();
  const template = storedTemplate(input.invoice);
  await checkTemplate(businessId, input.customer_id as Id, template, input.schedule.start_date);
  if ((await readCounter(counterKey(businessId, 'RECURRING'))) >= MAX_RECURRING_INVOICES) throw new StateConflict(`A business keeps at most ${MAX_RECURRING_INVOICES} recurring invoices; delete one first.`);
  const now = new Date().toISOString();
  const schedule: Recurrence = { frequency: input.schedule.frequency, interval: input.schedule.interval, start_date: input.schedule.start_date, end_date: input.schedule.end_date ?? null, count: input.schedule.count ?? null };
  const record: RecurringRecord = {
    id,
    customer_id: input.customer_id as Id,
    schedule,
    invoice: template,
    send: input.send,
    status: input.status,
    next_index: 0,
    next_date: occurrenceDate(schedule, 0),
    last_invoice_id: null,
    invoices_created: 0,
    skipped: [],
    paused_from: input.status === 'paused' ? today : null,
    paused_until: null,
    created_at: now,
    updated_at: now,
  };
  const tx = new WriteTransaction();
  recurringStore.addCreate(tx, businessId, record);
  tx.put('RECURRING:business', { ...recurringBusinessKey(businessId), business_id: businessId });
  emit(tx, businessId, 'recurring_invoice.created', toRecurringResource(record));
  addAuditEntry(tx, businessId, createdAction('recurring_invoice', toRecurringResource(record)));
  try {
    await tx.commit();
  } catch (error) {
    // The same form sent twice at once: the other request made it.
    if (error instanceof TransactionConflict && error.failedOn('RECURRING:create')) return toRecurringResource((await recurringStore.get(businessId, id))!.record);
    throw error;
  }
  return toRecurringResource((await runRecurringInvoice(businessId, record.id, today, true)) ?? record);
}

export async function getRecurringInvoice(businessId: Id, id: Id): Promise<RecurringInvoiceResource> {
  const stored = await recurringStore.get(businessId, id);
  if (!stored) throw new NotFound('recurring invoice');
  return toRecurringResource(stored.record);
}

export async function listRecurringInvoices(businessId: Id, page: PageRequest): Promise<Page<RecurringInvoiceResource>> {
  const result = await recurringStore.page(businessId, page);
  return { ...result, items: result.items.map(toRecurringResource) };
}

/** Whether a change's template would post as the change itself checks it: the dashboard's preview of an edit. */
export async function checkRecurringChange(businessId: Id, id: Id, patch: RecurringInvoicePatchInput, today: string): Promise<void> {
  const stored = await recurringStore.get(businessId, id);
  if (!stored) throw new NotFound('recurring invoice');
  if (patch.invoice) await checkTemplate(businessId, stored.record.customer_id, storedTemplate(patch.invoice), stored.record.next_date ?? today);
}

/** A change: the template, sending, when the schedule ends, pausing (from today) or resuming (what is due posts now). */
export async function updateRecurringInvoice(businessId: Id, id: Id, patch: RecurringInvoicePatchInput, today: string): Promise<RecurringInvoiceResource> {
  const stored = await recurringStore.get(businessId, id);
  if (!stored) throw new NotFound('recurring invoice');
  const before = stored.record;
  const template = patch.invoice ? storedTemplate(patch.invoice) : before.invoice;
  if (patch.invoice) await checkTemplate(businessId, before.customer_id, template, before.next_date ?? today);
  const schedule: Recurrence = {
    ...before.schedule,
    ...(patch.schedule?.end_date !== undefined ? { end_date: patch.schedule.end_date } : {}),
    ...(patch.schedule?.count !== undefined ? { count: patch.schedule.count } : {}),
  };
  if (schedule.end_date !== null && schedule.end_date < schedule.start_date) throw RuleViolation.of('schedule.end_date', 'must not be before start_date');
  const status = patch.status ?? before.status;
  const resumed = before.status === 'paused' && status === 'active';
  const paused = before.status === 'active' && status === 'paused';
  const next: RecurringRecord = {
    ...before,
    invoice: template,
    schedule,
    send: patch.send ?? before.send,
    status,
    next_date: occurrenceDate(schedule, before.next_index),
    ...(paused ? { paused_from: today, paused_until: null } : {}),
    ...(resumed ? { paused_until: today } : {}),
    updated_at: new Date().toISOString(),
  };
  const tx = new WriteTransaction();
  recurringStore.addReplace(tx, businessId, next, stored.version);
  tx.put('RECURRING:business', { ...recurringBusinessKey(businessId), business_id: businessId });
  emit(tx, businessId, 'recurring_invoice.updated', toRecurringResource(next));
  addAuditEntry(tx, businessId, changedAction(paused ? 'paused' : resumed ? 'resumed' : 'updated', 'recurring_invoice', toRecurringResource(before), toRecurringResource(next)));
  await tx.commit();
  if (!resumed) return toRecurringResource(next);
  return toRecurringResource((await runRecurringInvoice(businessId, id, today, true)) ?? next);
}

/** Deletes the schedule; the invoices it posted stay as they are. */
export async function deleteRecurringInvoice(businessId: Id, id: Id): Promise<RecurringInvoiceResource> {
  const stored = await recurringStore.get(businessId, id);
  if (!stored) throw new NotFound('recurring invoice');
  const tx = new WriteTransaction();
  recurringStore.addRemove(tx, businessId, stored.record, stored.version);
  emit(tx, businessId, 'recurring_invoice.deleted', toRecurringResource(stored.record));
  addAuditEntry(tx, businessId, deletedAction('recurring_invoice', toRecurringResource(stored.record)));
  await tx.commit();
  return toRecurringResource(stored.record);
}

/** The businesses that keep recurring invoices, one item each: what the daily job pages through. */
export function recurringBusinessKey(businessId: Id): Key {
  return { pk: RECURRING_BUSINESSES_PK, sk: businessPk(businessId) };
}

export const RECURRING_BUSINESSES_PK = 'RECURRING#BUSINESSES';
/** That a recurring invoice posted its occurrence of a date: written in the posting's transaction, so it posts once. */
export function recurredKey(businessId: Id, recurringId: Id, date: string): Key {
  return { pk: `${businessPk(businessId)}#RECURRED`, sk: `${recurringId}#${date}` };
}
