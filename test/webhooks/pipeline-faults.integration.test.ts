import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { MAX_ATTEMPTS } from '../../shared/webhooks/webhook-schedule.ts';
import { eventually, startReceiver } from '../integration/receiver.ts';

/** A runtime of its own in this process, so the test can reach the bus and the queues. */
let runtime: LocalRuntime;
let dataDir: string;
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ledger-pipeline-'));
  runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, webhookTimeScale: 4e-5, webhookTimeoutMs: 400 });
}, 60_000);

afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${runtime.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${runtime.credentials.businesses[0]!.api_key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as any;
}

describe('the event pipeline under faults', () => {
  it('a record the bus refuses is retried alone, and its event arrives once', async () => {
    const hook = await startReceiver();
    receivers.push(hook);
    await call('POST', '/api/v1/webhooks/endpoints', { url: hook.url, events: ['customer.created'] });
    runtime.pipeline.bus.refuseOnce((entry) => entry.detail.includes('Refused once'));
    const names = ['Before', 'Refused once', 'After'];
    await Promise.all(names.map((name) => call('POST', '/api/v1/customers', { name })));
    expect(await eventually(() => hook.received.length >= 3)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const delivered = hook.received.map((request) => JSON.parse(request.body).data.name as string).sort();
    expect(delivered).toEqual([...names].sort());
    expect(runtime.pipeline.stream.droppedRecords).toHaveLength(0);
  });

  it(`after the ${MAX_ATTEMPTS}th failed attempt the message is in the delivery dead-letter queue`, async () => {
    const hook = await startReceiver(() => ({ status: 503 }));
    receivers.push(hook);
    const endpoint = (await call('POST', '/api/v1/webhooks/endpoints', { url: hook.url, events: ['vendor.created'] })).data;
    await call('POST', '/api/v1/vendors', { name: 'Never delivered' });
    const deadLettered = () => runtime.pipeline.queues.deliveryDeadLetter.bodies().length > 0;
    expect(await eventually(deadLettered, 30_000, 100)).toBe(true);
    const deliveries = (await call('GET', `/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`)).data.items;
    expect(deliveries[0]).toMatchObject({ status: 'failed' });
    expect(deliveries[0].attempts).toHaveLength(MAX_ATTEMPTS);
    expect(hook.received).toHaveLength(MAX_ATTEMPTS);
    expect(JSON.parse(runtime.pipeline.queues.deliveryDeadLetter.bodies()[0]!)).toMatchObject({ delivery_id: deliveries[0].id });
  }, 40_000);
});
