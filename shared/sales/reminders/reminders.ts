import { addAuditEntry } from '../../platform/trail/write.ts';
import { changesOf } from '../../platform/trail/changes.ts';
import { businessPk, settingsKey, type Key } from '../../platform/db/keys.ts';
import { batchGet, businessListPage, getItem, type Item } from '../../platform/db/query.ts';
import { mustNotExist, retryOnConflict, TransactionConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { balanceDue, figuresOf, openDocuments } from '../../ledger/index.ts';
import { DEFAULT_REMINDER_POLICY, dueReminders, latestDueDateReminded, manualReminders, MANUAL_STAGE, stageReached, type OverdueInvoice, type ReminderGroup, type ReminderPolicy } from './reminder-rules.ts';
import { RateLimited, StateConflict } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { toMajor } from '../../platform/core/money.ts';
import { emit } from '../../platform/outbox/emit.ts';
import { count } from '../../platform/observability/telemetry.ts';
import { METRIC } from '../../platform/observability/metric-names.ts';
import { parties } from '../../parties/index.ts';
import type { PartyRecord } from '../../parties/index.ts';
import type * as v from 'valibot';
import type { Reminder, ReminderPolicyInput } from './schemas.ts';

export interface StoredPolicy extends ReminderPolicy {
  readonly updated_at: string | null;
}

export async function getReminderPolicy(businessId: Id): Promise<StoredPolicy> {
  const item = await getItem(reminderPolicyKey(businessId));
  if (!item) return { ...DEFAULT_REMINDER_POLICY, updated_at: null };
  return { enabled: item.enabled === true, days_after_due: (item.days_after_due as number[]).map(Number), updated_at: String(item.updated_at) };
}

/** Stores the policy and, in the same transaction, lists the business for the daily job or takes it off. */
export async function putReminderPolicy(businessId: Id, input: ReminderPolicyInput): Promise<StoredPolicy> {
  const policy: StoredPolicy = { enabled: input.enabled, days_after_due: input.days_after_due, updated_at: new Date().toISOString() };
  const tx = new WriteTransaction();
  tx.put('REMINDERS:policy', { ...reminderPolicyKey(businessId), entity: 'REMINDER_POLICY', ...policy });
  if (policy.enabled) tx.put('REMINDERS:enabled', { ...remindersEnabledKey(businessId), business_id: businessId });
  else tx.delete('REMINDERS:enabled', remindersEnabledKey(businessId));
  addAuditEntry(tx, businessId, { action: 'updated', record: { type: 'reminder_policy', id: businessId, no: null }, changes: changesOf(null, { enabled: policy.enabled, days_after_due: policy.days_after_due }) });
  await tx.commit();
  return policy;
}

/** One page of the businesses with reminders on, and where the next page starts. */
export async function businessesWithReminders(after?: string, limit = 100): Promise<{ readonly businessIds: Id[]; readonly next?: string }> {
  return businessListPage(REMINDERS_ENABLED_PK, after, limit);
}

/** Open invoices due on or before `dueUpTo`, with their balance due: read from the open-documents index. */
async function overdueInvoices(businessId: Id, dueUpTo: string): Promise<OverdueInvoice[]> {
  const open = await openDocuments(businessId, 'invoice', dueUpTo);
  return open.map((invoice) => ({ id: invoice.id, no: invoice.no, customer_id: invoice.party_id, currency: invoice.currency, due_date: invoice.due_date ?? invoice.date, balance_due: balanceDue(figuresOf(invoice)) }));
}

/** A transaction holds at most 100 writes: a reminder names at most this many invoices; more go in the next. */
const INVOICES_PER_REMINDER = 90;

export type SentReminder = v.InferOutput<typeof Reminder>;

/**
 * Sends one group as `invoice.reminder` events (one per 90 invoices), each with its invoices' stage markers in the
 * same transaction, on the condition that none was written yet: a run racing another sends a stage once.
 */
async function send(businessId: Id, group: ReminderGroup, customer: PartyRecord, claim?: (tx: WriteTransaction) => void): Promise<SentReminder[]> {
  const sent: SentReminder[] = [];
  for (let start = 0; start < group.invoices.length; start += INVOICES_PER_REMINDER) {
    const invoices = group.invoices.slice(start, start + INVOICES_PER_REMINDER);
    const tx = new WriteTransaction();
    if (start === 0) claim?.(tx);
    if (group.stage !== MANUAL_STAGE) {
      for (const invoice of invoices) tx.put('REMINDERS:sent', { ...reminderSentKey(businessId, invoice.id as Id, group.stage), sent_at: new Date().toISOString() }, mustNotExist);
    }
    const major = (minor: number) => toMajor(minor, group.currency);
    const data = {
      customer,
      invoices: invoices.map((invoice) => ({ id: invoice.id, no: invoice.no, due_date: invoice.due_date, balance_due: major(invoice.balance_due), days_overdue: invoice.days_overdue })),
      total_overdue: major(invoices.reduce((sum, invoice) => sum + invoice.balance_due, 0)),
      currency: group.currency,
      stage: group.stage,
    };
    const event = emit(tx, businessId, 'invoice.reminder', data);
    // One entry per reminder sent: on the customer, naming the invoices it chased (the daily run acts as the service).
    addAuditEntry(tx, businessId, {
      action: 'reminded',
      record: { type: 'customer', id: customer.id, no: null },
      related: invoices.map((invoice) => ({ type: 'invoice', id: invoice.id, no: invoice.no })),
      changes: [
        { field: 'stage', from: null, to: group.stage },
        { field: 'total_overdue', from: null, to: data.total_overdue },
      ],
    });
    await tx.commit();
    count(METRIC.remindersSent);
    sent.push({ id: event.id, created_at: event.created_at, ...data });
  }
  return sent;
}

async function customersOf(businessId: Id, groups: readonly ReminderGroup[]): Promise<Map<string, PartyRecord>> {
  const customers = await parties('customer').store.getMany(businessId, [...new Set(groups.map((group) => group.customer_id as Id))]);
  return new Map(customers.map((customer) => [customer.id, customer]));
}

/**
 * The daily job for one business: every invoice that reached a stage of the policy by `today` and was not yet
 * reminded at it, one reminder per customer, stage and currency. Reads the open invoices due early enough and
 * their markers (one BatchGetItem); never the invoice history. Safe to run again: a lost race re-reads.
 */
export async function sendDueReminders(businessId: Id, today: string): Promise<number> {
  const policy = await getReminderPolicy(businessId);
  if (!policy.enabled) return 0;
  return retryOnConflict(async () => {
    const invoices = await overdueInvoices(businessId, latestDueDateReminded(Math.min(...policy.days_after_due), today));
    const markers = await batchGet(invoices.map((invoice) => reminderSentKey(businessId, invoice.id as Id, stageReached(policy.days_after_due, invoice.due_date, today) ?? MANUAL_STAGE)));
    const groups = dueReminders(policy, invoices, today, (invoiceId, stage) => markers(reminderSentKey(businessId, invoiceId as Id, stage)) !== undefined);
    const customers = await customersOf(businessId, groups);
    let sent = 0;
    for (const group of groups) sent += (await send(businessId, group, customers.get(group.customer_id)!)).length;
    return sent;
  });
}

/** A customer is reminded by hand at most once in this long. */
const MANUAL_REMINDER_SECONDS = 3600;

/**
 * `POST /customers/{id}/reminders`: one reminder now for the customer's overdue invoices (409 when none is), at
 * most once an hour per customer (429 with the seconds left): the hour is claimed in the transaction of the
 * reminder's first event, on the condition that the last one is an hour old, so racing requests send one.
 */
export async function sendReminderNow(businessId: Id, customerId: Id, today: string, nowMs = Date.now()): Promise<SentReminder> {
  const customer = await parties('customer').get(businessId, customerId);
  const lastKey = manualReminderKey(businessId, customer.id);
  const held = (last: Item | undefined) => (last ? Math.ceil(Number(last.sent_ms) / 1000 + MANUAL_REMINDER_SECONDS - nowMs / 1000) : 0);
  const refuse = (seconds: number) => new RateLimited(seconds, 'This customer was reminded by hand within the hour');
  const waiting = held(await getItem(lastKey));
  if (waiting > 0) throw refuse(waiting);
  const groups = manualReminders(await overdueInvoices(businessId, latestDueDateReminded(1, today)), customer.id, today);
  if (groups.length === 0) throw new StateConflict('Nothing is overdue for this customer.');
  const claim = (tx: WriteTransaction) =>
    tx.put('REMINDERS:manual', { ...lastKey, sent_ms: nowMs, expires_at: Math.ceil(nowMs / 1000) + MANUAL_REMINDER_SECONDS }, { expression: 'attribute_not_exists(pk) OR sent_ms <= :hourAgo', values: { ':hourAgo': nowMs - MANUAL_REMINDER_SECONDS * 1000 } });
  try {
    // One reminder per currency, the first claiming the hour; the answer is the first (a customer's invoices are
    // nearly always in one currency).
    const [first, ...others] = groups;
    const sent = await send(businessId, first!, customer, claim);
    for (const group of others) sent.push(...(await send(businessId, group, customer)));
    return sent[0]!;
  } catch (error) {
    if (error instanceof TransactionConflict && error.failedOn('REMINDERS:manual')) throw refuse(held(await getItem(lastKey)) || MANUAL_REMINDER_SECONDS);
    throw error;
  }
}

/** A business's collections reminder policy (`/settings/reminders`). */
export function reminderPolicyKey(businessId: Id): Key {
  return settingsKey(businessId, 'REMINDERS');
}

/**
 * The businesses with reminders on, one item each, written and removed with the policy: what the daily job pages
 * through. Not business-scoped on purpose (the job's one way to find its work, like the API key lookup); it holds
 * ids only, and no request path reads it.
 */
export function remindersEnabledKey(businessId: Id): Key {
  return { pk: REMINDERS_ENABLED_PK, sk: businessPk(businessId) };
}

export const REMINDERS_ENABLED_PK = 'REMINDERS#ENABLED';
/** That an invoice was reminded at a stage: written in the transaction that sends the reminder, so a stage goes once. */
export function reminderSentKey(businessId: Id, invoiceId: Id, stage: number): Key {
  return { pk: `${businessPk(businessId)}#REMINDED`, sk: `${invoiceId}#${stage}` };
}

/** When a customer was last reminded by hand: a manual reminder goes once an hour per customer. */
export function manualReminderKey(businessId: Id, customerId: Id): Key {
  return { pk: `${businessPk(businessId)}#REMINDED`, sk: `MANUAL#${customerId}` };
}
