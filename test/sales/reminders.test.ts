import { describe, expect, it } from 'vitest';
import { dueReminders, latestDueDateReminded, manualReminders, MANUAL_STAGE, stageReached, type OverdueInvoice } from '../../shared/sales/reminders/reminder-rules.ts';

const invoice = (id: string, customer: string, due: string, balance = 1000, currency = 'USD'): OverdueInvoice => ({ id, no: `INV-${id}`, customer_id: customer, currency, due_date: due, balance_due: balance });
const policy = { enabled: true, days_after_due: [7, 30] };

describe('collections reminders', () => {
  it('an invoice reaches the latest policy day it has passed', () => {
    expect(stageReached([7, 30], '2030-03-01', '2030-03-07')).toBeUndefined();
    expect(stageReached([7, 30], '2030-03-01', '2030-03-08')).toBe(7);
    expect(stageReached([30, 7], '2030-03-01', '2030-03-31')).toBe(30);
    expect(stageReached([7], '2030-03-01', '2030-02-01')).toBeUndefined();
  });

  it('groups one reminder per customer, stage and currency, totals in minor units, oldest first', () => {
    const groups = dueReminders(policy, [invoice('b', 'ada', '2030-02-20', 500), invoice('a', 'ada', '2030-02-10', 250), invoice('c', 'ada', '2030-01-01'), invoice('d', 'bob', '2030-02-20', 100, 'EUR')], '2030-03-01', () => false);
    expect(groups).toEqual([
      { customer_id: 'ada', stage: 30, currency: 'USD', total_overdue: 1000, invoices: [expect.objectContaining({ id: 'c', days_overdue: 59 })] },
      { customer_id: 'ada', stage: 7, currency: 'USD', total_overdue: 750, invoices: [expect.objectContaining({ id: 'a', days_overdue: 19 }), expect.objectContaining({ id: 'b', days_overdue: 9 })] },
      { customer_id: 'bob', stage: 7, currency: 'EUR', total_overdue: 100, invoices: [expect.objectContaining({ id: 'd' })] },
    ]);
  });

  it('skips what was sent at its stage, and sends nothing while the policy is off', () => {
    const invoices = [invoice('a', 'ada', '2030-02-20'), invoice('b', 'ada', '2030-02-21')];
    expect(dueReminders(policy, invoices, '2030-03-01', (id, stage) => id === 'a' && stage === 7).map((group) => group.invoices.map((item) => item.id))).toEqual([['b']]);
    expect(dueReminders({ ...policy, enabled: false }, invoices, '2030-03-01', () => false)).toEqual([]);
  });

  it('a reminder by hand covers every invoice of that customer past due, as stage 0', () => {
    const invoices = [invoice('a', 'ada', '2030-02-28'), invoice('b', 'ada', '2030-03-01'), invoice('c', 'bob', '2030-01-01')];
    expect(manualReminders(invoices, 'ada', '2030-03-01')).toEqual([expect.objectContaining({ customer_id: 'ada', stage: MANUAL_STAGE, invoices: [expect.objectContaining({ id: 'a', days_overdue: 1 })] })]);
    expect(manualReminders(invoices, 'zed', '2030-03-01')).toEqual([]);
  });

  it('reads invoices due no later than the earliest stage allows', () => {
    expect(latestDueDateReminded(7, '2030-03-01')).toBe('2030-02-22');
    expect(latestDueDateReminded(1, '2030-01-01')).toBe('2029-12-31');
  });
});
