import { describe, expect, it } from 'vitest';
import { eventually } from '../integration/receiver.ts';
import { endpointStore, recordEndpointFailure } from '../../shared/webhooks/endpoints.ts';
import { call, useRuntimeTable } from '../integration/support.ts';
import { closeReceiversAfterAll, receiver, world } from '../integration/webhook-world.ts';

closeReceiversAfterAll();

describe('one business cannot slow another’s webhooks', () => {
  it('a business may subscribe at most 20 endpoints', async () => {
    const w = await world();
    const hook = await receiver();
    for (let index = 0; index < 20; index++) await w.post('/api/v1/webhooks/endpoints', { url: `${hook.url}/${index}`, events: ['ping'] });
    const refused = await call('POST', '/api/v1/webhooks/endpoints', { key: w.business.key, body: { url: `${hook.url}/21`, events: ['ping'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error_description).toContain('20');
  });

  it("with A's 12 hanging endpoints under a burst of events, B's ping arrives within 3 s", async () => {
    const a = await world();
    const b = await world();
    const hanging = await receiver(() => 'hang');
    for (let index = 0; index < 12; index++) await a.post('/api/v1/webhooks/endpoints', { url: `${hanging.url}/${index}`, events: ['customer.created'] });
    for (let index = 0; index < 20; index++) await a.post('/api/v1/customers', { name: `Burst ${index}` });
    // A's deliveries are now queued by the hundred, each holding a worker until it times out.
    expect(await eventually(() => hanging.received.length >= 8, 10_000), String(hanging.received.length)).toBe(true);
    const quick = await receiver();
    const endpoint = await b.post('/api/v1/webhooks/endpoints', { url: quick.url, events: ['ping'] });
    const sent = Date.now();
    expect((await call('POST', `/api/v1/webhooks/endpoints/${endpoint.id}/ping`, { key: b.business.key })).status).toBeLessThan(300);
    expect(await eventually(() => quick.received.length === 1, 3_000)).toBe(true);
    expect(quick.received[0]!.at - sent).toBeLessThan(3_000);
  }, 60_000);

  it('the failure that completes the streak opens the circuit in the same write, once, however many deliveries fail at once', async () => {
    useRuntimeTable();
    const w = await world();
    const hook = await receiver();
    const endpoint = await w.post('/api/v1/webhooks/endpoints', { url: hook.url, events: ['ping'] });
    const circuit = async () => (await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}`)).circuit;
    for (let failure = 1; failure < 5; failure++) {
      await recordEndpointFailure(w.business.id, endpoint.id);
      expect(await circuit()).toEqual({ state: 'closed', failure_streak: failure, retry_at: null });
    }
    // A reader polling while eight deliveries fail at once never sees a streak of five on a closed circuit.
    let failing = true;
    const seenClosedAtFive: number[] = [];
    const poll = (async () => {
      while (failing) {
        const record = (await endpointStore.get(w.business.id, endpoint.id))?.record;
        if ((record?.failure_streak ?? 0) >= 5 && !record?.circuit_open_until) seenClosedAtFive.push(record?.failure_streak ?? 0);
      }
    })();
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 8 }, () => recordEndpointFailure(w.business.id, endpoint.id)));
    failing = false;
    await poll;
    expect(seenClosedAtFive).toEqual([]);
    const opened = await circuit();
    expect(opened).toMatchObject({ state: 'open', failure_streak: 28 });
    expect((await endpointStore.get(w.business.id, endpoint.id))?.record.circuit_opens).toBe(1);
  });

  it('after 5 failures in a row an endpoint’s circuit opens: its deliveries wait (shown on the endpoint and its deliveries) until a probe succeeds', async () => {
    const w = await world();
    let healthy = false;
    const hook = await receiver(() => ({ status: healthy ? 200 : 500 }));
    const endpoint = await w.post('/api/v1/webhooks/endpoints', { url: hook.url, events: ['customer.created'] });
    for (let index = 0; index < 8; index++) await w.post('/api/v1/customers', { name: `Breaker ${index}` });
    expect(await eventually(async () => (await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}`)).circuit.failure_streak >= 5, 10_000)).toBe(true);
    const opened = await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}`);
    expect(['open', 'half_open']).toContain(opened.circuit.state);
    expect(opened.circuit.retry_at).toEqual(expect.any(String));
    expect(await eventually(async () => (await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries?page_size=50`)).items.some((delivery: { held_by_circuit: boolean; next_attempt_at: string | null }) => delivery.held_by_circuit && delivery.next_attempt_at !== null), 5_000)).toBe(true);
    // Without the breaker, eight deliveries would each be tried 13 times on the test clock within seconds.
    const sentWhileFailing = hook.received.length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(hook.received.length - sentWhileFailing).toBeLessThanOrEqual(3);

    healthy = true;
    expect(await eventually(async () => (await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries?page_size=50`)).items.filter((delivery: { status: string }) => delivery.status === 'delivered').length === 8, 30_000)).toBe(true);
    expect((await w.get(`/api/v1/webhooks/endpoints/${endpoint.id}`)).circuit).toEqual({ state: 'closed', failure_streak: 0, retry_at: null });
  }, 60_000);
});
