import { describe, expect, it } from 'vitest';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { call, freshBusiness, outboxOf, useRuntimeTable } from '../integration/support.ts';
import { closeReceiversAfterAll, receiver, world } from '../integration/webhook-world.ts';

closeReceiversAfterAll();

type FeedEvent = { id: string; type: string; created_at: string; business_id: string; data: unknown };

/** Reads the feed from `after` until it is caught up with everything settled, `limit` at a time. */
async function readAll(key: string, after: string | null, limit: number) {
  const items: FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const answer = await call('GET', `/api/v1/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}`, { key });
    expect(answer.status, answer.text).toBe(200);
    items.push(...answer.body.data.items);
    if (answer.body.data.next_cursor !== null) cursor = answer.body.data.next_cursor;
    if (answer.body.data.items.length < limit) return { items, cursor };
  }
}

describe('the events feed', () => {
  it('lists every event of the business oldest first, each exactly as its webhook carried it, with no gap or repeat while events keep coming', async () => {
    const w = await world();
    const hook = await receiver();
    await w.subscribe(hook.url, ['*']);
    for (let index = 0; index < 5; index++) await w.post('/api/v1/customers', { name: `Feed ${index}` });
    // Listed once settled (the local runtime's settle time is one second).
    expect(await eventually(async () => (await readAll(w.business.key, null, 100)).items.length >= 5, 10_000)).toBe(true);
    const first = await readAll(w.business.key, null, 2);
    for (let index = 5; index < 8; index++) await w.post('/api/v1/customers', { name: `Feed ${index}` });
    let rest: FeedEvent[] = [];
    expect(await eventually(async () => (rest = (await readAll(w.business.key, first.cursor, 2)).items).length >= 3, 10_000)).toBe(true);
    const walked = [...first.items, ...rest];
    const outbox = (await outboxOf(w.business.id)).filter((event) => event.type !== 'webhook.redeliver').sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    expect(walked.map((event) => event.id)).toEqual(outbox.map((event) => event.id));
    expect(new Set(walked.map((event) => event.id)).size).toBe(walked.length);
    expect(walked.filter((event) => event.type === 'customer.created').map((event) => (event.data as { name: string }).name)).toEqual(Array.from({ length: 8 }, (_, index) => `Feed ${index}`));
    expect(await eventually(() => hook.received.length >= 8)).toBe(true);
    for (const request of hook.received) {
      const delivered = JSON.parse(request.body) as FeedEvent;
      expect(walked.find((event) => event.id === delivered.id)).toEqual(delivered);
    }
  }, 60_000);

  it("never lists another business's events", async () => {
    const mine = await world();
    const theirs = await world();
    await theirs.post('/api/v1/customers', { name: 'Not yours' });
    await mine.post('/api/v1/customers', { name: 'Yours' });
    expect(await eventually(async () => (await readAll(mine.business.key, null, 100)).items.length === 1, 10_000)).toBe(true);
    const { items } = await readAll(mine.business.key, null, 100);
    expect(items.map((event) => event.business_id)).toEqual([mine.business.id]);
  });

  it('answers an empty feed with no cursor, and a caught-up one with the cursor it was given', async () => {
    const { key } = await freshBusiness();
    expect((await call('GET', '/api/v1/events', { key })).body.data).toEqual({ items: [], next_cursor: null });
    await call('POST', '/api/v1/customers', { key, body: { name: 'One' } });
    let cursor: string | null = null;
    expect(await eventually(async () => (cursor = (await call('GET', '/api/v1/events', { key })).body.data.next_cursor) !== null, 10_000)).toBe(true);
    expect((await call('GET', `/api/v1/events?after=${cursor}`, { key })).body.data).toEqual({ items: [], next_cursor: cursor });
  });

  it('keeps 30 days: an event past its TTL but not yet deleted is not listed, and an older cursor starts at the oldest kept', async () => {
    const { id, key } = await freshBusiness();
    useRuntimeTable();
    const [{ db, tableName }, { PutCommand }, { outboxKey }] = await Promise.all([import('../../shared/platform/db/client.ts'), import('@aws-sdk/lib-dynamodb'), import('../../shared/platform/db/keys.ts')]);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const put = async (createdAt: string, eventId: string) =>
      db().send(new PutCommand({ TableName: tableName(), Item: { ...outboxKey(id as never, createdAt, eventId), entity: 'EVT', id: eventId, type: 'customer.created', created_at: createdAt, business_id: id, data: { name: eventId }, expires_at: Math.floor(Date.now() / 1000) + 86_400 } }));
    await put(daysAgo(31), 'evt_' + '1'.repeat(32));
    await put(daysAgo(29), 'evt_' + '2'.repeat(32));
    const listed = (await call('GET', '/api/v1/events', { key })).body.data;
    expect(listed.items.map((event: FeedEvent) => event.id)).toEqual(['evt_' + '2'.repeat(32)]);
    const stale = Buffer.from(`${daysAgo(40)}#evt_${'3'.repeat(32)}`).toString('base64url');
    const fromStale = await call('GET', `/api/v1/events?after=${stale}`, { key });
    expect(fromStale.status).toBe(200);
    expect(fromStale.body.data.items.map((event: FeedEvent) => event.id)).toEqual(['evt_' + '2'.repeat(32)]);
  });

  it.each(['after=nope', 'after=', 'limit=0', 'limit=101', 'limit=2.5', 'limit=abc', 'since=1'])('refuses %s with 400 naming the parameter', async (query) => {
    const { key } = await freshBusiness();
    const answer = await call('GET', `/api/v1/events?${query}`, { key });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe(query.split('=')[0]);
  });

  it("gives a credential only the events it may read (member events need settings_business:manage), and moves the cursor past the rest; webhooks likewise", async () => {
    const w = await world();
    const keyWith = async (scopes: string[]) => (await w.post('/api/v1/api-keys', { name: scopes.join(' '), scopes })).key as string;
    const customersReader = await keyWith(['events:read', 'sales_customers:read']);
    const nothingReader = await keyWith(['events:read']);
    const hookWithoutMembers = await receiver();
    const webhookManager = await keyWith(['settings_webhooks:manage', 'sales_customers:read']);
    const made = await call('POST', '/api/v1/webhooks/endpoints', { key: webhookManager, body: { url: hookWithoutMembers.url, events: ['*'] } });
    expect(made.status, made.text).toBe(201);
    const hookOfOwner = await receiver();
    await w.subscribe(hookOfOwner.url, ['*']);

    await w.post('/api/v1/customers', { name: 'Seen by the customers reader' });
    const invited = await call('POST', '/api/v1/business/members', { key: w.business.key, body: { email: `someone-${Date.now()}@example.test`, role: 'viewer' } });
    expect(invited.status, invited.text).toBe(201);
    expect((await call('DELETE', `/api/v1/business/members/${invited.body.data.id}`, { key: w.business.key })).status).toBe(200);
    await w.post('/api/v1/customers', { name: 'After the member left' });

    expect(await eventually(async () => (await readAll(w.business.key, null, 100)).items.filter((event) => event.type === 'customer.created').length === 2, 10_000)).toBe(true);
    const all = await readAll(w.business.key, null, 100);
    expect(all.items.map((event) => event.type)).toContain('member.removed');
    const customers = await readAll(customersReader, null, 100);
    expect(customers.items.map((event) => event.type)).toEqual(['customer.created', 'customer.created']);
    expect(customers.cursor).toBe(all.cursor);
    const nothing = await call('GET', '/api/v1/events?limit=100', { key: nothingReader });
    expect(nothing.body.data).toEqual({ items: [], next_cursor: all.cursor });

    expect(await eventually(async () => hookOfOwner.types().filter((type) => type === 'customer.created').length === 2 && hookWithoutMembers.types().filter((type) => type === 'customer.created').length === 2, STREAM_LAG_MS)).toBe(true);
    expect(hookOfOwner.types()).toContain('member.removed');
    expect(hookWithoutMembers.types()).not.toContain('member.removed');
  });

  it('needs events:read', async () => {
    const { key } = await freshBusiness({ scopes: ['sales_customers:read'] });
    expect((await call('GET', '/api/v1/events', { key })).status).toBe(403);
  });
});
