/**
 * Collections reminders (api.md, "Collections reminders"): which overdue invoices a business's policy reminds
 * today, grouped into one reminder per customer, stage and currency.
 *
 * A stage is a policy day: an invoice `days_after_due` days or more past due has reached that stage. Each day an
 * invoice is reminded at the latest stage it has reached, unless it was already reminded at that stage; stages
 * it passed while reminders were off (or the job did not run) are not sent late, so a customer never gets a
 * burst of stale reminders. A reminder sent by hand is stage 0 and leaves the scheduled stages as they were.
 */
import { addDays, daysBetween } from '../../platform/core/dates.ts';

export interface ReminderPolicy {
  readonly enabled: boolean;
  /** Days after the due date, ascending, distinct, 1..365, at most 5. */
  readonly days_after_due: readonly number[];
}

export const DEFAULT_REMINDER_POLICY: ReminderPolicy = { enabled: false, days_after_due: [7, 14, 30] };

/** A stage sent by hand (`POST /customers/{id}/reminders`), outside the policy's days. */
export const MANUAL_STAGE = 0;

export interface OverdueInvoice {
  readonly id: string;
  readonly no: string;
  readonly customer_id: string;
  readonly currency: string;
  readonly due_date: string;
  /** Minor units. */
  readonly balance_due: number;
}

/** The latest policy day an invoice due on `dueDate` has reached by `today`, if any. */
export function stageReached(days: readonly number[], dueDate: string, today: string): number | undefined {
  const overdue = daysBetween(dueDate, today);
  return [...days].sort((a, b) => b - a).find((day) => overdue >= day);
}

export interface ReminderGroup {
  readonly customer_id: string;
  readonly stage: number;
  readonly currency: string;
  readonly invoices: readonly (OverdueInvoice & { readonly days_overdue: number })[];
  /** Minor units. */
  readonly total_overdue: number;
}

/** Groups invoices into reminders: one per customer, stage and currency, in a stable order. */
export function groupReminders(invoices: readonly (OverdueInvoice & { readonly stage: number })[], today: string): ReminderGroup[] {
  const groups = new Map<string, ReminderGroup & { invoices: (OverdueInvoice & { days_overdue: number })[] }>();
  for (const { stage, ...invoice } of [...invoices].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.no.localeCompare(b.no))) {
    const key = `${invoice.customer_id}\u0000${stage}\u0000${invoice.currency}`;
    const group = groups.get(key) ?? { customer_id: invoice.customer_id, stage, currency: invoice.currency, invoices: [], total_overdue: 0 };
    groups.set(key, { ...group, invoices: [...group.invoices, { ...invoice, days_overdue: daysBetween(invoice.due_date, today) }], total_overdue: group.total_overdue + invoice.balance_due });
  }
  return [...groups.values()];
}

/**
 * What the daily job sends: each invoice at the latest stage it reached, unless `sent(invoice, stage)` says it
 * already went out at that stage.
 */
export function dueReminders(policy: ReminderPolicy, invoices: readonly OverdueInvoice[], today: string, sent: (invoiceId: string, stage: number) => boolean): ReminderGroup[] {
  if (!policy.enabled) return [];
  const due = invoices.flatMap((invoice) => {
    const stage = stageReached(policy.days_after_due, invoice.due_date, today);
    return stage === undefined || sent(invoice.id, stage) ? [] : [{ ...invoice, stage }];
  });
  return groupReminders(due, today);
}

/** What a reminder sent by hand covers: every invoice of the customer past its due date. */
export function manualReminders(invoices: readonly OverdueInvoice[], customerId: string, today: string): ReminderGroup[] {
  return groupReminders(invoices.filter((invoice) => invoice.customer_id === customerId && daysBetween(invoice.due_date, today) > 0).map((invoice) => ({ ...invoice, stage: MANUAL_STAGE })), today);
}

/** The latest due date that can have reached a stage `minDays` after due by `today`: the job reads no later ones. */
export function latestDueDateReminded(minDays: number, today: string): string {
  return addDays(today, -minDays);
}
