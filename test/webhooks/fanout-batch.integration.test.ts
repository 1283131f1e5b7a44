import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/http-adapter.ts';
import { db } from '../../shared/platform/db/client.ts';
import type { OutboxEvent } from '../../shared/platform/outbox/outbox.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { installTransports } from '../../shared/platform/outbox/transports.ts';
import { call, freshBusiness, useRuntimeTable } from '../integration/support.ts';

/** One SQS record as the fan-out queue hands it over: an EventBridge envelope whose detail is the outbox event. */
function queued(event: OutboxEvent, index: number): SQSRecord {
  return {
    messageId: `m-${index}`,
    receiptHandle: `r-${index}`,
    body: JSON.stringify({ detail: event }),
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'local', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:local:000000000000:fanout',
    awsRegion: 'local',
  };
}

const customerCreated = (businessId: string, index: number): OutboxEvent => ({
  id: `evt_fanout_batch_${businessId.slice(0, 8)}_${index}`,
  type: 'customer.created',
  created_at: new Date().toISOString(),
  business_id: businessId as Id,
  data: { id: `c-${index}`, name: `Batch ${index}` },
});

describe('the fan-out', () => {
  it('reads each business’s endpoints once per batch, and still makes one delivery per endpoint for every event of the batch', async () => {
    useRuntimeTable();
    const sent: { business_id: string; delivery_id: string }[] = [];
    installTransports({ queue: { send: async (_queue, body) => void sent.push(JSON.parse(body)), changeVisibility: async () => undefined } });
    const { handler } = await import('../../functions/webhooks/workers/fanout.ts');

    const [a, b] = await Promise.all([freshBusiness(), freshBusiness()]);
    const subscribe = (key: string, port: number) => call('POST', '/api/v1/webhooks/endpoints', { key, body: { url: `http://127.0.0.1:${port}/hook`, events: ['customer.created'] } });
    for (const answer of await Promise.all([subscribe(a.key, 9), subscribe(a.key, 10), subscribe(b.key, 11)])) expect(answer.status).toBe(201);

    let endpointReads = 0;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'QueryCommand') endpointReads++;
        return next(args);
      },
      { step: 'initialize', name: 'fanoutEndpointReads' },
    );
    try {
      const events = [...[0, 1, 2, 3, 4].map((index) => customerCreated(a.id, index)), ...[5, 6].map((index) => customerCreated(b.id, index))];
      const answer = await handler({ Records: events.map(queued) }, lambdaContext('webhooks-fanout'));
      expect(answer).toEqual({ batchItemFailures: [] });
      expect(endpointReads).toBe(2);
    } finally {
      db().middlewareStack.remove('fanoutEndpointReads');
    }
    const perBusiness = (id: string) => sent.filter((message) => message.business_id === id);
    expect(perBusiness(a.id)).toHaveLength(10);
    expect(new Set(perBusiness(a.id).map((message) => message.delivery_id)).size).toBe(10);
    expect(perBusiness(b.id)).toHaveLength(2);

    // A second batch reads afresh: an endpoint added since is served.
    expect((await subscribe(b.key, 12)).status).toBe(201);
    sent.length = 0;
    expect(await handler({ Records: [queued(customerCreated(b.id, 7), 7)] }, lambdaContext('webhooks-fanout'))).toEqual({ batchItemFailures: [] });
    expect(sent).toHaveLength(2);
  });
});
