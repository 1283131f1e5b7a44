import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../shared/webhooks/webhook-schedule.ts';
import { WEBHOOK_TIME_SCALE } from '../integration/global-setup.ts';
import { eventually, type Behaviour } from '../integration/receiver.ts';
import { call, useRuntimeTable } from '../integration/support.ts';
import { closeReceiversAfterAll, receiver, world } from '../integration/webhook-world.ts';

closeReceiversAfterAll();

const verify = (secret: string, request: { headers: Record<string, unknown>; body: string }) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; business_id: string; data: { id: string } };

describe('webhook deliveries through the local runtime', () => {
  it('a receipt paying an invoice in full delivers exactly one invoice.paid and one receipt.created, each verified; a partial payment no invoice.paid', async () => {
    const w = await world();
    const hook = await receiver();
    const endpoint = await w.subscribe(hook.url, ['invoice.paid', 'receipt.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const customer = (await w.post('/api/v1/customers', { name: 'Payer' })).id;
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id;
    const invoice = (await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'x', quantity: 1, unit_price: 300 }] })).id;
    await w.post('/api/v1/receipts', { party_id: customer, date: '2026-11-02', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 300 }] });
    expect(await eventually(() => hook.received.length >= 2)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.types().sort()).toEqual(['invoice.paid', 'receipt.created']);
    for (const request of hook.received) {
      const body = verify(endpoint.secret, request);
      expect(body.business_id).toBe(w.business.id);
      expect(request.headers['webhook-id']).toMatch(/^evt_/);
    }
    const paid = hook.received.map((request) => JSON.parse(request.body)).find((body) => body.type === 'invoice.paid');
    expect(paid.data).toEqual(await w.get(`/api/v1/invoices/${invoice}`));

    const partial = (await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'y', quantity: 1, unit_price: 300 }] })).id;
    await w.post('/api/v1/receipts', { party_id: customer, date: '2026-11-02', payment_account_id: bank, allocations: [{ document_id: partial, amount: 100 }] });
    expect(await eventually(() => hook.received.length >= 3)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.types().sort()).toEqual(['invoice.paid', 'receipt.created', 'receipt.created']);
  });

  async function faultCase(behaviour: Behaviour) {
    const w = await world();
    const hook = await receiver(behaviour);
    const endpoint = await w.subscribe(hook.url, ['customer.created']);
    await w.post('/api/v1/customers', { name: 'Trigger' });
    const deliveries = async () => (await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`)).items as { id: string; status: string; attempts: { status_code: number | null; error: string | null; at: string; next_attempt_at: string | null; duration_ms: number }[] }[];
    return { w, hook, endpoint, deliveries };
  }

  const sameIdEveryTime = (hook: { received: { headers: Record<string, unknown> }[] }) => new Set(hook.received.map((request) => request.headers['webhook-id'])).size === 1;

  it('500 then 200: delivered on the retry, the same webhook-id both times, every attempt recorded', async () => {
    const { hook, deliveries } = await faultCase((index) => ({ status: index === 0 ? 500 : 200 }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'delivered')).toBe(true);
    const [delivery] = await deliveries();
    expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([500, 200]);
    expect(delivery!.attempts[0]!.next_attempt_at).not.toBeNull();
    expect(delivery!.attempts.every((attempt) => attempt.duration_ms >= 0)).toBe(true);
    expect(hook.received).toHaveLength(2);
    expect(sameIdEveryTime(hook)).toBe(true);
  });

  it('a receiver hanging past the timeout is retried and then delivered', async () => {
    const { hook, deliveries } = await faultCase((index) => (index === 0 ? 'hang' : { status: 204 }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'delivered')).toBe(true);
    const [delivery] = await deliveries();
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null, error: expect.stringContaining('timed out') });
    expect(sameIdEveryTime(hook)).toBe(true);
  });

  it('a connection reset is retried and then delivered', async () => {
    const { hook, deliveries } = await faultCase((index) => (index === 0 ? 'reset' : { status: 200 }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'delivered')).toBe(true);
    expect((await deliveries())[0]!.attempts[0]).toMatchObject({ status_code: null, error: expect.any(String) });
    expect(sameIdEveryTime(hook)).toBe(true);
  });

  it('429 with Retry-After: the next attempt waits at least that long (on the scaled clock)', async () => {
    const { hook, deliveries } = await faultCase((index) => (index === 0 ? { status: 429, headers: { 'retry-after': '3600' } } : { status: 200 }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'delivered')).toBe(true);
    const [delivery] = await deliveries();
    const [first] = delivery!.attempts;
    expect(Date.parse(first!.next_attempt_at!) - Date.parse(first!.at)).toBeGreaterThanOrEqual(3600 * WEBHOOK_TIME_SCALE * 1000 - 1);
    expect(hook.received[1]!.at - hook.received[0]!.at).toBeGreaterThanOrEqual(3600 * WEBHOOK_TIME_SCALE * 1000 - 5);
    expect(sameIdEveryTime(hook)).toBe(true);
  });

  it('410 disables the endpoint and stops', async () => {
    const { w, hook, endpoint, deliveries } = await faultCase(() => ({ status: 410 }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'failed')).toBe(true);
    expect(await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}`)).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410') });
    await w.post('/api/v1/customers', { name: 'After disabling' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(hook.received).toHaveLength(1);
  });

  it(`a 302 is never followed; after ${MAX_ATTEMPTS} attempts the delivery is failed`, async () => {
    const target = await receiver();
    const { hook, deliveries } = await faultCase(() => ({ status: 302, headers: { location: target.url } }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'failed', 30_000, 200)).toBe(true);
    const [delivery] = await deliveries();
    expect(delivery!.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(delivery!.attempts.every((attempt) => attempt.status_code === 302)).toBe(true);
    expect(delivery!.attempts.at(-1)!.next_attempt_at).toBeNull();
    expect(target.received).toHaveLength(0);
    expect(sameIdEveryTime(hook)).toBe(true);
  }, 40_000);

  it('redelivers a failed delivery by hand, with the same webhook-id', async () => {
    let healthy = false;
    const { w, hook, deliveries } = await faultCase(() => ({ status: healthy ? 200 : 410 }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'failed')).toBe(true);
    healthy = true;
    const [failed] = await deliveries();
    const endpointId = (await w.get('/api/v1/webhooks/endpoints')).items[0].id;
    await call('PATCH', `/api/v1/webhooks/endpoints/${endpointId}`, { key: w.business.key, body: { enabled: true } });
    const retried = await call('POST', `/api/v1/webhooks/deliveries/${failed!.id}/retry`, { key: w.business.key });
    expect(retried.status).toBe(200);
    expect(await eventually(async () => (await deliveries())[0]?.status === 'delivered')).toBe(true);
    expect(hook.received).toHaveLength(2);
    expect(sameIdEveryTime(hook)).toBe(true);
    expect((await call('POST', `/api/v1/webhooks/deliveries/${failed!.id}/retry`, { key: w.business.key })).status).toBe(200);
  });

  it('a message of a round that failed, coming back after a redelivery by hand, attempts nothing', async () => {
    let status = 410;
    // The new round's failures ask for a long pause, so nothing else attempts the delivery while the test does.
    const { w, deliveries } = await faultCase(() => ({ status, headers: { 'retry-after': '43200' } }));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'failed')).toBe(true);
    status = 500;
    const [failed] = await deliveries();
    const endpointId = (await w.get('/api/v1/webhooks/endpoints')).items[0].id;
    await call('PATCH', `/api/v1/webhooks/endpoints/${endpointId}`, { key: w.business.key, body: { enabled: true } });
    expect((await call('POST', `/api/v1/webhooks/deliveries/${failed!.id}/retry`, { key: w.business.key })).status).toBe(200);
    // The new round under way (pending between its attempts), as the failed round's message comes back.
    expect(await eventually(async () => { const [delivery] = await deliveries(); return delivery?.status === 'pending' && delivery.attempts.length >= 2; })).toBe(true);
    useRuntimeTable();
    const { attemptDelivery } = await import('../../shared/webhooks/deliveries.ts');
    const attemptsBefore = (await deliveries())[0]!.attempts.length;
    expect(await attemptDelivery({ business_id: w.business.id as never, delivery_id: failed!.id as never, round: 0 })).toEqual({ kind: 'settled' });
    expect((await deliveries())[0]!.attempts.length).toBeLessThanOrEqual(attemptsBefore + 1);
  });

  it("never delivers one business's events to another business's endpoint", async () => {
    const first = await world();
    const second = await world();
    const hookA = await receiver();
    const hookB = await receiver();
    await first.subscribe(hookA.url);
    await second.subscribe(hookB.url);
    await first.post('/api/v1/customers', { name: 'A only' });
    await second.post('/api/v1/vendors', { name: 'B only' });
    expect(await eventually(() => hookA.received.length >= 1 && hookB.received.length >= 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hookA.received.map((request) => JSON.parse(request.body).business_id)).toEqual([first.business.id]);
    expect(hookB.received.map((request) => JSON.parse(request.body).business_id)).toEqual([second.business.id]);
  });
});

describe('webhook endpoints API', () => {
  it('creates, reads without the secret, updates, pings one endpoint only, rotates with two signatures, and deletes', async () => {
    const w = await world();
    const hook = await receiver();
    const other = await receiver();
    const endpoint = await w.subscribe(hook.url, ['invoice.created']);
    await w.subscribe(other.url, ['*']);
    const read = await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}`);
    expect(read).toMatchObject({ id: endpoint.id, url: hook.url, events: ['invoice.created'], enabled: true });
    expect(read).not.toHaveProperty('secret');
    const ping = await call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/ping`, { key: w.business.key });
    expect(ping.status).toBe(200);
    expect(await eventually(() => hook.types().includes('ping'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.types()).not.toContain('ping');
    verify(endpoint.secret, hook.received[0]!);

    const rotated = await call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`, { key: w.business.key });
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    await call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/ping`, { key: w.business.key });
    expect(await eventually(() => hook.received.length >= 2)).toBe(true);
    const second = hook.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verify(endpoint.secret, second);
    verify(rotated.body.data.secret, second);

    const patched = await call('PATCH', `/api/v1/webhooks/endpoints/${endpoint.id}`, { key: w.business.key, body: { events: ['bill.paid', 'invoice.paid'], description: 'Accounts team' } });
    expect(patched.body.data).toMatchObject({ events: ['bill.paid', 'invoice.paid'], description: 'Accounts team' });
    expect((await call('DELETE', `/api/v1/webhooks/endpoints/${endpoint.id}`, { key: w.business.key })).status).toBe(200);
    expect((await call('GET', `/api/v1/webhooks/endpoints/${endpoint.id}`, { key: w.business.key })).status).toBe(404);
    expect((await w.get('/api/v1/webhooks/endpoints')).pagination.total_count).toBe(1);
  });

  it.each([
    [{ url: 'https://hooks.example.com/x', events: ['invoice.exploded'] }, 'events[0]'],
    [{ url: 'https://hooks.example.com/x', events: [] }, 'events'],
    [{ url: 'https://hooks.example.com/x' }, 'events'],
    [{ events: ['*'] }, 'url'],
  ])('refuses %j naming %s', async (body, field) => {
    const answer = await call('POST', '/api/v1/webhooks/endpoints', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it.each([
    'https://10.0.0.1/hook',
    'https://192.168.0.10/hook',
    'https://172.16.0.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://167772161/hook',
    'https://012.0.0.1/hook',
    'https://0xa.0.0.1/hook',
    'https://[fe80::1]/hook',
    'https://[fc00::1]/hook',
    'https://0.0.0.0/hook',
    'http://hooks.example.com/hook',
    'ftp://hooks.example.com/hook',
  ])('refuses %s with 400 naming url', async (url) => {
    const answer = await call('POST', '/api/v1/webhooks/endpoints', { body: { url, events: ['*'] } });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.details[0].field).toBe('url');
    const existing = (await call('GET', '/api/v1/webhooks/endpoints')).body.data.items as { id: string }[];
    if (existing[0]) {
      const patched = await call('PATCH', `/api/v1/webhooks/endpoints/${existing[0].id}`, { body: { url } });
      expect(patched.status).toBe(400);
    }
  });
});
