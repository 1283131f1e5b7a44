import { describe, expect, it } from 'vitest';
import { QUEUES } from '../../events/queues.ts';
import { lambdaContext } from '../../infra/local/http-adapter.ts';
import { LocalQueue } from '../../infra/local/queue.ts';
import { setRateLimits } from '../../shared/access/businesses/rate-limits.ts';
import { today as todayOf } from '../../shared/platform/core/dates.ts';
import { secondsLeft } from '../../shared/platform/limits/rate-limits.ts';
import { addDays } from '../../shared/sales/recurring/recurrence.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { installTransports } from '../../shared/platform/outbox/transports.ts';
import { businessB, call, freshBusiness, outboxOf, useRuntimeTable, postingAs } from '../integration/support.ts';

type Invoice = { id: string; no: string; invoice_date: string; due_date: string; recurring_invoice_id: string | null; exchange_rate: number; total: number; customer_id: string };

async function world(options: { currency?: string; customer?: Record<string, unknown> } = {}) {
  useRuntimeTable();
  const business = await freshBusiness(options.currency ? { currency: options.currency } : {});
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: 'Monthly client', ...options.customer })).id as string;
  const template = { due_in_days: 14, lines: [{ description: 'Retainer', quantity: 1, unit_price: 500 }] };
  const create = (body: Record<string, unknown>) => call('POST', '/api/v1/recurring-invoices', { key: business.key, body: { customer_id: customer, invoice: template, ...body } });
  /** The business's invoices, oldest first: every page. */
  const invoices = async (): Promise<Invoice[]> => {
    const all: Invoice[] = [];
    for (let page = 1; ; page++) {
      const answer = await call('GET', `/api/v1/invoices?page=${page}&page_size=100`, { key: business.key });
      all.push(...answer.body.data.items);
      if (answer.body.data.items.length < 100) return all;
    }
  };
  return { business, customer, post, create, invoices, template };
}

/** Each simulated day from `from` to `to`, as the daily job hands it to one business. */
async function runDays(businessId: string, from: string, to: string, onDay?: (date: string) => Promise<void>) {
  const { runDueRecurringInvoices } = await import('../../shared/sales/recurring/recurring.ts');
  for (let date = from; date <= to; date = addDays(date, 1)) {
    await onDay?.(date);
    await runDueRecurringInvoices(businessId as Id, date);
  }
}

const datesOf = (invoices: readonly Invoice[], scheduleId: string) => invoices.filter((invoice) => invoice.recurring_invoice_id === scheduleId).map((invoice) => invoice.invoice_date).sort();

describe('recurring invoices', () => {
  it('created with occurrences already due, posts them at once, each dated its day, due after its days, marked with the schedule', async () => {
    const w = await world();
    const today = todayOf();
    const start = addDays(today, -70);
    const created = await w.create({ schedule: { frequency: 'monthly', start_date: start } });
    expect(created.status, created.text).toBe(201);
    const schedule = created.body.data;
    const expected = [0, 1, 2].map((months) => {
      const date = new Date(`${start}T00:00:00Z`);
      const day = date.getUTCDate();
      const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
      const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, last))).toISOString().slice(0, 10);
    }).filter((date) => date <= today);
    expect(schedule).toMatchObject({ customer_id: w.customer, status: 'active', send: false, invoices_created: expected.length, skipped: [], schedule: { frequency: 'monthly', interval: 1, start_date: start, end_date: null, count: null } });
    const invoices = await w.invoices();
    expect(datesOf(invoices, schedule.id)).toEqual(expected);
    for (const invoice of invoices) expect(invoice.due_date).toBe(addDays(invoice.invoice_date, 14));
    expect(schedule.last_invoice_id).toBe(invoices.find((invoice) => invoice.invoice_date === expected.at(-1))!.id);
    expect(schedule.next_date > today).toBe(true);
    // GET and the list answer the same; another business sees nothing of it.
    expect((await call('GET', `/api/v1/recurring-invoices/${schedule.id}`, { key: w.business.key })).body.data).toEqual(schedule);
    expect((await call('GET', '/api/v1/recurring-invoices', { key: w.business.key })).body.data.items).toEqual([schedule]);
    expect((await call('GET', `/api/v1/recurring-invoices/${schedule.id}`, { key: businessB.api_key })).status).toBe(404);
    const events = (await outboxOf(w.business.id)).map((event) => event.type);
    expect(events.filter((type) => type === 'recurring_invoice.created')).toHaveLength(1);
    expect(events.filter((type) => type === 'invoice.created')).toHaveLength(expected.length);
  });

  it('at a start, posts only the 12 latest of what is due; older ones and those in a locked period are skipped and listed', async () => {
    const w = await world();
    const today = todayOf();
    const weekly = await w.create({ schedule: { frequency: 'weekly', start_date: addDays(today, -7 * 15) } });
    expect(weekly.status, weekly.text).toBe(201);
    expect(weekly.body.data.invoices_created).toBe(12);
    expect(weekly.body.data.skipped).toEqual([0, 1, 2, 3].map((week) => ({ date: addDays(today, -7 * (15 - week)), reason: 'older', message: null })));
    expect(datesOf(await w.invoices(), weekly.body.data.id)).toEqual(Array.from({ length: 12 }, (_, index) => addDays(today, -7 * (11 - index))));

    const lock = addDays(today, -20);
    expect((await call('PUT', '/api/v1/business/lock-date', { key: w.business.key, body: { lock_date: lock } })).status).toBe(200);
    const locked = await w.create({ schedule: { frequency: 'weekly', interval: 2, start_date: addDays(today, -42) } });
    expect(locked.status, locked.text).toBe(201);
    // -42, -28 are on or before the lock date; -14 and 0 are posted.
    expect(locked.body.data.skipped.map((skip: { date: string; reason: string }) => [skip.date, skip.reason])).toEqual([
      [addDays(today, -42), 'locked'],
      [addDays(today, -28), 'locked'],
    ]);
    expect(datesOf(await w.invoices(), locked.body.data.id)).toEqual([addDays(today, -14), today]);
  });

  it('over a year of simulated days: the 29th and 31st of each month, a two-weekly count, and a pause, each invoice exactly once', async () => {
    const w = await world();
    const { updateRecurringInvoice } = await import('../../shared/sales/recurring/recurring.ts');
    const future = (start: string, extra: Record<string, unknown> = {}) => w.create({ schedule: { frequency: 'monthly', start_date: start, ...extra } });
    // Bounded, like every schedule here: the shared runtime's other tests run the daily job on dates years ahead.
    const on29th = (await future('2027-01-29', { count: 12 })).body.data.id as string;
    const on31st = (await future('2027-01-31', { count: 12 })).body.data.id as string;
    const fortnightly = (await w.create({ schedule: { frequency: 'weekly', interval: 2, start_date: '2027-03-01', count: 5 } })).body.data.id as string;
    const paused = (await future('2027-01-15', { end_date: '2028-06-30' })).body.data.id as string;
    await runDays(w.business.id, '2027-01-01', '2027-12-31', async (date) => {
      if (date === '2027-05-10') await updateRecurringInvoice(w.business.id as Id, paused as Id, { status: 'paused' }, date);
      if (date === '2027-07-20') await updateRecurringInvoice(w.business.id as Id, paused as Id, { status: 'active' }, date);
    });
    const invoices = await w.invoices();
    expect(datesOf(invoices, on29th)).toEqual(['2027-01-29', '2027-02-28', '2027-03-29', '2027-04-29', '2027-05-29', '2027-06-29', '2027-07-29', '2027-08-29', '2027-09-29', '2027-10-29', '2027-11-29', '2027-12-29']);
    expect(datesOf(invoices, on31st)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31']);
    expect(datesOf(invoices, fortnightly)).toEqual(['2027-03-01', '2027-03-15', '2027-03-29', '2027-04-12', '2027-04-26']);
    // Paused on 10 May, resumed on 20 July: May, June and July fell due meanwhile and are skipped.
    expect(datesOf(invoices, paused)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15', '2027-04-15', '2027-08-15', '2027-09-15', '2027-10-15', '2027-11-15', '2027-12-15']);
    const pausedNow = (await call('GET', `/api/v1/recurring-invoices/${paused}`, { key: w.business.key })).body.data;
    expect(pausedNow.skipped).toEqual([
      { date: '2027-05-15', reason: 'paused', message: null },
      { date: '2027-06-15', reason: 'paused', message: null },
      { date: '2027-07-15', reason: 'paused', message: null },
    ]);
    expect(pausedNow).toMatchObject({ status: 'active', next_date: '2028-01-15', invoices_created: 9 });
    expect((await call('GET', `/api/v1/recurring-invoices/${fortnightly}`, { key: w.business.key })).body.data).toMatchObject({ next_date: null, invoices_created: 5 });
    // The numbers stay gapless across the year.
    const numbers = invoices.map((invoice) => Number(invoice.no.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
  });

  it('two job runs racing over the same days post nothing twice', async () => {
    const w = await world();
    const schedule = (await w.create({ schedule: { frequency: 'weekly', start_date: '2027-02-01', count: 10 } })).body.data.id as string;
    const { runDueRecurringInvoices } = await import('../../shared/sales/recurring/recurring.ts');
    for (const date of ['2027-02-01', '2027-02-15', '2027-03-08']) {
      await Promise.all([runDueRecurringInvoices(w.business.id as Id, date), runDueRecurringInvoices(w.business.id as Id, date), runDueRecurringInvoices(w.business.id as Id, date)]);
    }
    expect(datesOf(await w.invoices(), schedule)).toEqual(['2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22', '2027-03-01', '2027-03-08']);
  });

  it('an occurrence already posted is not posted again even by a schedule read as it was before (the per-date marker)', async () => {
    const w = await world();
    const id = (await w.create({ schedule: { frequency: 'weekly', start_date: '2027-02-01', count: 3 } })).body.data.id as string;
    const { runDueRecurringInvoices, recurringStore } = await import('../../shared/sales/recurring/recurring.ts');
    await runDueRecurringInvoices(w.business.id as Id, '2027-02-01');
    expect(datesOf(await w.invoices(), id)).toEqual(['2027-02-01']);
    // The schedule as it was before its first run (a restored backup, a stale copy): its first occurrence is due again.
    const { WriteTransaction } = await import('../../shared/platform/db/transaction.ts');
    const stored = (await recurringStore.get(w.business.id as Id, id as Id))!;
    const tx = new WriteTransaction();
    recurringStore.addReplace(tx, w.business.id as Id, { ...stored.record, next_index: 0, next_date: '2027-02-01', invoices_created: 0, last_invoice_id: null }, stored.version);
    await tx.commit();
    await runDueRecurringInvoices(w.business.id as Id, '2027-02-08');
    expect(datesOf(await w.invoices(), id)).toEqual(['2027-02-01', '2027-02-08']);
  });

  it('the daily schedule hands the business to the queue, and its run posts what fell due', async () => {
    const w = await world();
    const schedule = (await w.create({ schedule: { frequency: 'monthly', start_date: '2027-03-31', count: 3 } })).body.data.id as string;
    const queue = new LocalQueue('reminders', { ...QUEUES.reminders });
    installTransports({ queue: { send: async (_name, body, options) => void queue.send(body, 0, options.group), changeVisibility: async () => undefined } });
    const [{ handler: scheduleHandler }, { handler: run }] = await Promise.all([import('../../functions/sales/reminders-schedule/schedule.ts'), import('../../functions/sales/reminders-schedule/run.ts')]);
    const scheduled = await scheduleHandler({ scheduled_time: '2027-04-30T06:00:00Z' }, lambdaContext('reminders-schedule'));
    expect(scheduled.recurring).toBeGreaterThanOrEqual(1);
    for (let records = queue.receive(1); records.length > 0; records = queue.receive(1)) {
      const ours = records.filter((record) => JSON.parse(record.body).business_id === w.business.id);
      if (ours.length > 0) expect(await run({ Records: ours }, lambdaContext('reminders-run'))).toEqual({ batchItemFailures: [] });
    }
    expect(datesOf(await w.invoices(), schedule)).toEqual(['2027-03-31', '2027-04-30']);
  });

  it('each occurrence at the rate of its own date, unless the template fixes one', async () => {
    const w = await world({ customer: { currency: 'EUR' } });
    for (const [date, rate] of [['2027-01-01', 1.1], ['2027-03-01', 1.25]] as const) await w.post('/api/v1/exchange-rates', { currency: 'EUR', date, rate });
    const floating = (await w.create({ schedule: { frequency: 'monthly', start_date: '2027-01-15' } })).body.data.id as string;
    const fixed = (await w.create({ schedule: { frequency: 'monthly', start_date: '2027-01-15' }, invoice: { ...w.template, exchange_rate: 1.2 } })).body.data.id as string;
    await runDays(w.business.id, '2027-01-15', '2027-04-15');
    const invoices = await w.invoices();
    const rates = (id: string) => invoices.filter((invoice) => invoice.recurring_invoice_id === id).sort((a, b) => a.invoice_date.localeCompare(b.invoice_date)).map((invoice) => invoice.exchange_rate);
    expect(rates(floating)).toEqual([1.1, 1.1, 1.25, 1.25]);
    expect(rates(fixed)).toEqual([1.2, 1.2, 1.2, 1.2]);
  });

  it('a template with tax-inclusive prices posts invoices whose prices hold their tax', async () => {
    const w = await world();
    const vat = (await w.post('/api/v1/tax-rates', { name: 'VAT 20%', rate: 20, kind: 'standard' })).id as string;
    const created = await w.create({ schedule: { frequency: 'monthly', start_date: '2027-01-15' }, invoice: { ...w.template, amounts: 'inclusive', lines: [{ description: 'Retainer', quantity: 1, unit_price: 120, tax_rate_id: vat }] } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.invoice.amounts).toBe('inclusive');
    expect((await w.create({ schedule: { frequency: 'monthly', start_date: '2027-01-15' } })).body.data.invoice.amounts).toBe('exclusive');
    await runDays(w.business.id, '2027-01-15', '2027-01-15');
    const [posted] = (await w.invoices()).filter((invoice) => invoice.recurring_invoice_id === created.body.data.id);
    expect((await call('GET', `/api/v1/invoices/${posted!.id}`, { key: w.business.key })).body.data).toMatchObject({ amounts: 'inclusive', subtotal: 100, tax_total: 20, total: 120 });
    expect((await w.create({ schedule: { frequency: 'monthly', start_date: '2027-01-15' }, invoice: { ...w.template, amounts: 'gross' } })).status).toBe(400);
  });

  it('with send, each posted invoice is e-mailed to the customer through the outbox', async () => {
    const w = await world({ customer: { email: 'client@example.com' } });
    const today = todayOf();
    const created = await w.create({ schedule: { frequency: 'weekly', start_date: addDays(today, -14) }, send: true });
    expect(created.body.data.invoices_created).toBe(3);
    const mails = (await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.mail').map((event) => event.data as { invoice_id: string; to: string[] });
    expect(mails.map((mail) => mail.to)).toEqual([['client@example.com'], ['client@example.com'], ['client@example.com']]);
    const posted = (await w.invoices()).filter((invoice) => invoice.recurring_invoice_id === created.body.data.id).map((invoice) => invoice.id);
    expect(posted).toHaveLength(3);
    expect(mails.map((mail) => mail.invoice_id).sort()).toEqual(posted.sort());
  });

  it("with send and no room left in the business's e-mail quota, an occurrence waits for a later run (never dropped) and is posted with its e-mail once there is room", async () => {
    const w = await world({ customer: { email: 'client@example.com' } });
    const { setMailQuota } = await import('../../shared/platform/mail/quota.ts');
    await setMailQuota(w.business.id as Id, 2);
    const today = todayOf();
    const created = await w.create({ schedule: { frequency: 'weekly', start_date: addDays(today, -21) }, send: true });
    expect(created.status, created.text).toBe(201);
    // Two fit in the hour; the third and fourth wait, still due.
    expect(created.body.data.invoices_created).toBe(2);
    expect(created.body.data.next_date <= today).toBe(true);
    const mailed = async () => (await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.mail').length;
    expect(await mailed()).toBe(2);
    const { runDueRecurringInvoices } = await import('../../shared/sales/recurring/recurring.ts');
    expect(await runDueRecurringInvoices(w.business.id as Id, today)).toBe(0);
    await setMailQuota(w.business.id as Id, null);
    expect(await runDueRecurringInvoices(w.business.id as Id, today)).toBe(2);
    expect(await mailed()).toBe(4);
    const dates = (await w.invoices()).filter((invoice) => invoice.recurring_invoice_id === created.body.data.id).map((invoice) => invoice.invoice_date);
    expect(dates).toEqual([addDays(today, -21), addDays(today, -14), addDays(today, -7), today]);
  });

  it('postings the service makes itself spend no caller quota', async () => {
    const w = await world();
    useRuntimeTable();
    await setRateLimits(w.business.id as Id, { postings: 3 });
    // All in one minute's window: started with at least 15 s of it left.
    while (secondsLeft(Date.now()) < 15) await new Promise((resolve) => setTimeout(resolve, 250));
    const created = await w.create({ schedule: { frequency: 'weekly', start_date: addDays(todayOf(), -7 * 6) } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.invoices_created).toBe(7);
    // The request counted as one posting of the caller's three (a create); its seven invoices counted none.
    const invoice = () => call('POST', '/api/v1/invoices', { key: w.business.key, body: { customer_id: w.customer, invoice_date: todayOf(), lines: w.template.lines } });
    expect((await invoice()).status).toBe(201);
    expect((await invoice()).status).toBe(201);
    expect((await invoice()).status).toBe(429);
  });

  it('pausing stops the job; PATCH changes the template, DELETE leaves the invoices; each change fires its event', async () => {
    const w = await world();
    const today = todayOf();
    const id = (await w.create({ schedule: { frequency: 'weekly', start_date: addDays(today, 7) } })).body.data.id as string;
    const patch = (body: unknown) => call('PATCH', `/api/v1/recurring-invoices/${id}`, { key: w.business.key, body });
    expect((await patch({ status: 'paused' })).body.data.status).toBe('paused');
    const { runDueRecurringInvoices } = await import('../../shared/sales/recurring/recurring.ts');
    expect(await runDueRecurringInvoices(w.business.id as Id, addDays(today, 21))).toBe(0);
    const changed = await patch({ status: 'active', invoice: { due_in_days: 7, lines: [{ description: 'New retainer', quantity: 2, unit_price: 300 }] }, schedule: { count: 2 } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ status: 'active', schedule: { count: 2 }, invoice: { due_in_days: 7, lines: [{ description: 'New retainer', quantity: 2, unit_price: 300, tax_rate: 0, item_id: null, account_id: null }] } });
    expect(await runDueRecurringInvoices(w.business.id as Id, addDays(today, 14))).toBe(2);
    const posted = (await w.invoices()).filter((invoice) => invoice.recurring_invoice_id === id);
    expect(posted.map((invoice) => invoice.total)).toEqual([600, 600]);
    const deleted = await call('DELETE', `/api/v1/recurring-invoices/${id}`, { key: w.business.key });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/api/v1/recurring-invoices/${id}`, { key: w.business.key })).status).toBe(404);
    expect((await w.invoices()).filter((invoice) => invoice.recurring_invoice_id === id)).toHaveLength(2);
    const events = (await outboxOf(w.business.id)).map((event) => event.type).filter((type) => String(type).startsWith('recurring_invoice.'));
    expect(events.sort()).toEqual(['recurring_invoice.created', 'recurring_invoice.deleted', 'recurring_invoice.updated', 'recurring_invoice.updated']);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const w = await world();
    const before = (await outboxOf(w.business.id)).length;
    const start = { frequency: 'monthly', start_date: '2027-01-01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ customer_id: '00000000-0000-4000-8000-000000000000', schedule: start }, 'customer_id'],
      [{ schedule: start, invoice: { lines: [] } }, 'invoice.lines'],
      [{ schedule: { ...start, frequency: 'daily' } }, 'schedule.frequency'],
      [{ schedule: { ...start, interval: 13 } }, 'schedule.interval'],
      [{ schedule: { ...start, end_date: '2026-12-31' } }, 'schedule.end_date'],
      [{ schedule: start, invoice: { lines: [{ description: 'x', quantity: 1, unit_price: 1, item_id: '00000000-0000-4000-8000-000000000000' }] } }, 'invoice.lines[0].item_id'],
      [{ schedule: start, status: 'finished' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const answer = await w.create(body);
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect(answer.body.details.map((problem: { field: string }) => problem.field), answer.text).toContain(field);
    }
    expect((await call('GET', '/api/v1/recurring-invoices', { key: w.business.key })).body.data.items).toEqual([]);
    expect((await outboxOf(w.business.id)).length).toBe(before);
    expect((await call('PATCH', '/api/v1/recurring-invoices/00000000-0000-4000-8000-000000000000', { key: w.business.key, body: { status: 'paused' } })).status).toBe(404);
    const id = (await w.create({ schedule: start })).body.data.id;
    expect((await call('PATCH', `/api/v1/recurring-invoices/${id}`, { key: w.business.key, body: { schedule: { frequency: 'weekly' } } })).status).toBe(400);
  });
});
