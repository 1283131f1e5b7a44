import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../events/queues.ts';
import { lambdaContext } from '../../infra/local/http-adapter.ts';
import { LocalQueue } from '../../infra/local/queue.ts';
import { installTransports } from '../../shared/platform/outbox/transports.ts';
import { eventually } from '../integration/receiver.ts';
import { call, freshBusiness, outboxOf, useRuntimeTable } from '../integration/support.ts';
import { closeReceiversAfterAll, receiver, world } from '../integration/webhook-world.ts';

closeReceiversAfterAll();

/**
 * The job's two handlers, run in this worker as EventBridge Scheduler and SQS would run them, with a clock the
 * test chooses: the schedule's time. Its queue is a local one the test drains into the per-business handler.
 */
async function jobRunner() {
  useRuntimeTable();
  const queue = new LocalQueue('reminders', { ...QUEUES.reminders });
  installTransports({ queue: { send: async (_name, body, options) => void queue.send(body, 0, options.group), changeVisibility: async () => undefined } });
  const [{ handler: schedule }, { handler: run }] = await Promise.all([import('../../functions/sales/reminders-schedule/schedule.ts'), import('../../functions/sales/reminders-schedule/run.ts')]);
  return async (date: string) => {
    const scheduled = await schedule({ scheduled_time: `${date}T06:00:00Z` }, lambdaContext('reminders-schedule'));
    for (let records = queue.receive(1); records.length > 0; records = queue.receive(1)) {
      // Only the reminders: the same schedule hands out other tests' recurring invoices, which a run dated years
      // ahead would post by the hundred into the shared runtime.
      const reminders = records.filter((record) => (JSON.parse(record.body) as { work?: string }).work !== 'recurring');
      if (reminders.length > 0) expect(await run({ Records: reminders }, lambdaContext('reminders-run'))).toEqual({ batchItemFailures: [] });
    }
    return scheduled.businesses;
  };
}

type Reminder = { customer: { id: string }; invoices: { id: string; no: string; due_date: string; balance_due: number; days_overdue: number }[]; total_overdue: number; currency: string; stage: number };

const remindersOf = async (businessId: string) =>
  (await outboxOf(businessId)).filter((event) => event.type === 'invoice.reminder').map((event) => event.data as Reminder);

describe('the reminder policy', () => {
  it('starts off, and PUT stores it with its days sorted', async () => {
    const { key } = await freshBusiness();
    expect((await call('GET', '/api/v1/settings/reminders', { key })).body.data).toEqual({ enabled: false, days_after_due: [7, 14, 30], updated_at: null });
    const put = await call('PUT', '/api/v1/settings/reminders', { key, body: { enabled: true, days_after_due: [30, 3] } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ enabled: true, days_after_due: [3, 30] });
    expect((await call('GET', '/api/v1/settings/reminders', { key })).body.data).toEqual(put.body.data);
  });

  it.each([
    [{ enabled: true, days_after_due: [0] }, 'days_after_due'],
    [{ enabled: true, days_after_due: [366] }, 'days_after_due'],
    [{ enabled: true, days_after_due: [1.5] }, 'days_after_due'],
    [{ enabled: true, days_after_due: [1, 2, 3, 4, 5, 6] }, 'days_after_due'],
    [{ enabled: true, days_after_due: [7, 7] }, 'days_after_due'],
    [{ enabled: true, days_after_due: [] }, 'days_after_due'],
    [{ enabled: 'yes', days_after_due: [7] }, 'enabled'],
    [{ days_after_due: [7] }, 'enabled'],
    [{ enabled: true, days_after_due: [7], extra: 1 }, 'extra'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (body, field) => {
    const { key } = await freshBusiness();
    const answer = await call('PUT', '/api/v1/settings/reminders', { key, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('validation_error');
    expect(answer.body.details[0].field).toMatch(new RegExp(`^${field}(\\[\\d\\])?$`));
    expect((await call('GET', '/api/v1/settings/reminders', { key })).body.data.updated_at).toBeNull();
  });

  it('needs settings_reminders:manage', async () => {
    const { key } = await freshBusiness({ scopes: ['sales_customers:read'] });
    expect((await call('GET', '/api/v1/settings/reminders', { key })).status).toBe(403);
    expect((await call('PUT', '/api/v1/settings/reminders', { key, body: { enabled: true, days_after_due: [7] } })).status).toBe(403);
  });
});

describe('the daily job', () => {
  let runJob: Awaited<ReturnType<typeof jobRunner>>;
  const ids: Record<string, string> = {};
  let business: Awaited<ReturnType<typeof freshBusiness>>;
  let other: Awaited<ReturnType<typeof freshBusiness>>;

  beforeAll(async () => {
    runJob = await jobRunner();
    [business, other] = await Promise.all([freshBusiness(), freshBusiness()]);
    const post = async (key: string, path: string, body: unknown) => {
      const answer = await call('POST', path, { key, body });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data.id as string;
    };
    const invoice = (key: string, customer: string, due: string, price = 40) => post(key, '/api/v1/invoices', { customer_id: customer, invoice_date: '2030-01-01', due_date: due, lines: [{ description: 'Work', quantity: 1, unit_price: price }] });
    ids.ada = await post(business.key, '/api/v1/customers', { name: 'Ada' });
    ids.bob = await post(business.key, '/api/v1/customers', { name: 'Bob' });
    const bank = await post(business.key, '/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' });
    ids.adaLate = await invoice(business.key, ids.ada, '2030-02-20');
    ids.adaRecent = await invoice(business.key, ids.ada, '2030-02-25', 15.5);
    ids.adaPaid = await invoice(business.key, ids.ada, '2030-02-01');
    ids.adaVoided = await invoice(business.key, ids.ada, '2030-02-01');
    ids.bobLate = await invoice(business.key, ids.bob, '2030-01-15');
    await post(business.key, '/api/v1/receipts', { party_id: ids.ada, date: '2030-02-02', payment_account_id: bank, allocations: [{ document_id: ids.adaPaid, amount: 40 }] });
    expect((await call('POST', `/api/v1/invoices/${ids.adaVoided}/void`, { key: business.key })).status).toBe(200);
    const otherCustomer = await post(other.key, '/api/v1/customers', { name: 'Elsewhere' });
    ids.otherLate = await invoice(other.key, otherCustomer, '2030-02-01');
    for (const { key } of [business, other]) expect((await call('PUT', '/api/v1/settings/reminders', { key, body: { enabled: true, days_after_due: [7, 30] } })).status).toBe(200);
  });

  it('reminds each customer once per stage reached: the latest stage, never paid or voided invoices, never another business', async () => {
    expect(await runJob('2030-03-01')).toBeGreaterThanOrEqual(2);
    const sent = await remindersOf(business.id);
    const byCustomer = Object.fromEntries(sent.map((reminder) => [reminder.customer.id, reminder]));
    expect(sent).toHaveLength(2);
    expect(byCustomer[ids.ada!]).toMatchObject({ stage: 7, currency: 'USD', total_overdue: 40, invoices: [{ id: ids.adaLate, due_date: '2030-02-20', balance_due: 40, days_overdue: 9 }] });
    expect(byCustomer[ids.bob!]).toMatchObject({ stage: 30, total_overdue: 40, invoices: [{ id: ids.bobLate, days_overdue: 45 }] });
    expect((await remindersOf(other.id)).flatMap((reminder) => reminder.invoices.map((invoice) => invoice.id))).toEqual([ids.otherLate]);
  });

  it('run again the same day (or the next), sends nothing new', async () => {
    await runJob('2030-03-01');
    await runJob('2030-03-02');
    expect(await remindersOf(business.id)).toHaveLength(2);
  });

  it('a later stage fires when reached, and an invoice reaching its first stage joins in', async () => {
    await runJob('2030-03-04');
    const third = (await remindersOf(business.id)).filter((reminder) => !(reminder.stage === 7 && reminder.invoices[0]!.id === ids.adaLate) && !(reminder.stage === 30 && reminder.invoices[0]!.id === ids.bobLate));
    expect(third).toEqual([expect.objectContaining({ stage: 7, total_overdue: 15.5, invoices: [expect.objectContaining({ id: ids.adaRecent, days_overdue: 7 })] })]);
    await runJob('2030-03-22');
    const all = await remindersOf(business.id);
    expect(all).toHaveLength(4);
    expect(all.filter((reminder) => reminder.stage === 30 && reminder.customer.id === ids.ada)).toEqual([expect.objectContaining({ invoices: [expect.objectContaining({ id: ids.adaLate, days_overdue: 30 })] })]);
  });

  it('a business that turns reminders off is skipped', async () => {
    const before = (await remindersOf(other.id)).length;
    expect((await call('PUT', '/api/v1/settings/reminders', { key: other.key, body: { enabled: false, days_after_due: [1] } })).status).toBe(200);
    await runJob('2030-06-01');
    expect(await remindersOf(other.id)).toHaveLength(before);
    expect((await remindersOf(business.id)).length).toBeGreaterThan(4);
  });
});

describe('send a reminder now', () => {
  it("201 with the reminder for the customer's overdue invoices, signed like every webhook", async () => {
    const w = await world();
    const hook = await receiver();
    const endpoint = await w.subscribe(hook.url, ['invoice.reminder']);
    const customer = (await w.post('/api/v1/customers', { name: 'Overdue Ltd' })).id;
    const due = await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-01', due_date: '2026-02-01', lines: [{ description: 'Old work', quantity: 2, unit_price: 12.25 }] });
    await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-01', due_date: '2999-01-01', lines: [{ description: 'Not yet due', quantity: 1, unit_price: 5 }] });
    const answer = await call('POST', `/api/v1/customers/${customer}/reminders`, { key: w.business.key });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.data).toMatchObject({ id: expect.stringMatching(/^evt_/), stage: 0, currency: 'USD', total_overdue: 24.5, customer: { id: customer, name: 'Overdue Ltd' }, invoices: [{ id: due.id, no: due.no, due_date: '2026-02-01', balance_due: 24.5 }] });
    expect(await eventually(() => hook.received.length > 0, 20_000)).toBe(true);
    const delivered = new Webhook(endpoint.secret).verify(hook.received[0]!.body, hook.received[0]!.headers as Record<string, string>) as { type: string; data: unknown };
    expect(delivered.type).toBe('invoice.reminder');
    const { id: _id, created_at: _at, ...payload } = answer.body.data;
    expect(delivered.data).toEqual(payload);
  });

  it('409 when nothing is overdue, 404 for an unknown customer or another business’s', async () => {
    const mine = await world();
    const theirs = await world();
    const punctual = (await mine.post('/api/v1/customers', { name: 'Punctual' })).id;
    await mine.post('/api/v1/invoices', { customer_id: punctual, invoice_date: '2026-01-01', due_date: '2999-01-01', lines: [{ description: 'Later', quantity: 1, unit_price: 5 }] });
    const conflict = await call('POST', `/api/v1/customers/${punctual}/reminders`, { key: mine.business.key });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('conflict');
    const foreign = (await theirs.post('/api/v1/customers', { name: 'Theirs' })).id;
    expect((await call('POST', `/api/v1/customers/${foreign}/reminders`, { key: mine.business.key })).status).toBe(404);
    expect((await call('POST', '/api/v1/customers/6f1c1d8e-1b7a-4c53-9a59-0d8d0c6a1b2c/reminders', { key: mine.business.key })).status).toBe(404);
    expect((await outboxOf(mine.business.id)).filter((event) => event.type === 'invoice.reminder')).toEqual([]);
  });

  it('needs sales_invoices:update', async () => {
    const { key } = await freshBusiness({ scopes: ['sales_invoices:read', 'sales_customers:create'] });
    const customer = (await call('POST', '/api/v1/customers', { key, body: { name: 'No rights' } })).body.data.id;
    expect((await call('POST', `/api/v1/customers/${customer}/reminders`, { key })).status).toBe(403);
  });

  it("needs sales_customers:read as well, since its answer carries the customer's details: without it 403, and nothing is sent", async () => {
    const w = await world();
    const customer = (await w.post('/api/v1/customers', { name: 'Private Ltd', email: 'private@example.com', phone: '+44 20 0000 0000' })).id;
    await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-01', due_date: '2026-02-01', lines: [{ description: 'Old work', quantity: 1, unit_price: 10 }] });
    useRuntimeTable();
    const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
    const updateOnly = (await issueApiKey(w.business.id as never, { name: 'update only', scopes: ['sales_invoices:update'], options: [] })).key;
    const refused = await call('POST', `/api/v1/customers/${customer}/reminders`, { key: updateOnly });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.error).toBe('insufficient_scope');
    expect(refused.text).not.toContain('private@example.com');
    expect((await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.reminder')).toEqual([]);
  });

  it('goes once an hour per customer: a second send within the hour is 429 with Retry-After and sends nothing; another customer is not held', async () => {
    const w = await world();
    const overdue = async (name: string) => {
      const customer = (await w.post('/api/v1/customers', { name })).id;
      await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-01', due_date: '2026-02-01', lines: [{ description: 'Old work', quantity: 1, unit_price: 10 }] });
      return customer;
    };
    const first = await overdue('Often reminded');
    const second = await overdue('Other customer');
    expect((await call('POST', `/api/v1/customers/${first}/reminders`, { key: w.business.key })).status).toBe(201);
    for (let again = 0; again < 3; again++) {
      const held = await call('POST', `/api/v1/customers/${first}/reminders`, { key: w.business.key });
      expect(held.status, held.text).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    }
    expect((await call('POST', `/api/v1/customers/${second}/reminders`, { key: w.business.key })).status).toBe(201);
    expect((await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.reminder')).toHaveLength(2);
  });

  it('takes no body: one is 400 and sends nothing', async () => {
    const w = await world();
    const customer = (await w.post('/api/v1/customers', { name: 'Bodied' })).id;
    await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-01', due_date: '2026-02-01', lines: [{ description: 'Old work', quantity: 1, unit_price: 10 }] });
    const answer = await call('POST', `/api/v1/customers/${customer}/reminders`, { key: w.business.key, body: { invoice_ids: ['x'], stage: 3 } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'body', message: expect.stringContaining('no body') }]);
    expect((await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.reminder')).toEqual([]);
    // An empty object is no body at all.
    expect((await call('POST', `/api/v1/customers/${customer}/reminders`, { key: w.business.key, body: {} })).status).toBe(201);
  });
});
