import { describe, expect, it } from 'vitest';
import { EVENT_CATALOGUE } from '../../events/catalogue.ts';
import { call, freshBusiness } from '../integration/support.ts';

describe('service index and event catalogue', () => {
  it('GET /api/v1 is public and lists every event of the catalogue with descriptions, the books\' own among them', async () => {
    const answer = await call('GET', '/api/v1', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ name: expect.any(String), version: expect.any(String), openapi_url: '/api/v1/openapi.json' });
    const events = answer.body.data.webhook_events as { name: string; description: string }[];
    expect(events).toHaveLength(66);
    expect(events.map((event) => event.name)).toEqual(expect.arrayContaining(['journal.created', 'journal.voided', 'business.lock_date_changed', 'invoice.draft_saved', 'journal.draft_saved', 'estimate.converted']));
    expect(events.map((event) => event.name)).toEqual(EVENT_CATALOGUE.map((event) => event.name));
    for (const event of events) expect(event.description.length).toBeGreaterThan(5);
  });

  it('GET /webhooks/events serves the same list to a key holding the webhooks option', async () => {
    const index = await call('GET', '/api/v1', { key: null });
    const live = await call('GET', '/api/v1/webhooks/events');
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual(index.body.data.webhook_events);
  });

  it('refuses a key without the webhooks option with 403, whatever its scopes', async () => {
    const { key } = await freshBusiness();
    const answer = await call('GET', '/api/v1/webhooks/events', { key });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'insufficient_scope', details: [{ field: 'options', message: 'webhooks' }] });
    expect((await call('GET', '/api/v1/webhooks/events', { key: null })).status).toBe(401);
  });

  it('serves the OpenAPI description naming the server it came from', async () => {
    const answer = await call('GET', '/api/v1/openapi.json', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.servers[0].url).toMatch(/^http:\/\/localhost:\d+$/);
  });
});
