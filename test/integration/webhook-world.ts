import { afterAll, expect } from 'vitest';
import { startReceiver, type Behaviour } from './receiver.ts';
import { call, freshBusiness } from './support.ts';

/** Receivers started by a test file, closed when it ends (call `closeReceiversAfterAll` once per file). */
const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

export function closeReceiversAfterAll(): void {
  afterAll(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });
}

export async function receiver(behaviour?: Behaviour) {
  const started = await startReceiver(behaviour);
  receivers.push(started);
  return started;
}

/** A business of its own, with helpers that post (expecting 201), get, and subscribe an endpoint. */
export async function world() {
  const business = await freshBusiness();
  const post = async (path: string, body: unknown) => {
    const answer = await call('POST', path, { key: business.key, body });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data;
  };
  const get = async (path: string) => (await call('GET', path, { key: business.key })).body.data;
  const subscribe = (url: string, events: string[] = ['*']) => post('/api/v1/webhooks/endpoints', { url, events });
  return { business, post, get, subscribe };
}
