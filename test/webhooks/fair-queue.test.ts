import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalQueue } from '../../infra/local/queue.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fair queueing of webhook deliveries', () => {
  it('on AWS a delivery message names its business as MessageGroupId (a fair standard queue)', async () => {
    Object.assign(process.env, { TABLE_NAME: 'unit', DELIVERY_QUEUE_URL: 'https://sqs.local/000000000000/delivery' });
    const sent: unknown[] = [];
    vi.spyOn(SQSClient.prototype, 'send').mockImplementation(async (command: unknown) => {
      sent.push(command);
      return {};
    });
    const { messageQueue } = await import('../../shared/platform/outbox/transports.ts');
    await messageQueue().send('delivery', '{}', { group: 'biz-a', delaySeconds: 2000 });
    const input = (sent[0] as SendMessageCommand).input;
    expect(sent[0]).toBeInstanceOf(SendMessageCommand);
    expect(input).toMatchObject({ MessageGroupId: 'biz-a', DelaySeconds: 900, MessageBody: '{}' });
  });

  it('the local queue takes turns among groups and holds back a group at its in-flight limit', () => {
    const queue = new LocalQueue('t', { visibilityTimeoutSeconds: 30, maxReceiveCount: 10, perGroupInFlight: 2 });
    for (let index = 0; index < 6; index++) queue.send(`a${index}`, 0, 'A');
    queue.send('b0', 0, 'B');
    queue.send('b1', 0, 'B');
    const first = queue.receive(3).map((record) => record.body);
    expect(first).toEqual(['a0', 'b0', 'a1']);
    // A holds two in flight: only B's are handed out now, however many A has waiting.
    expect(queue.receive(3).map((record) => record.body)).toEqual(['b1']);
    expect(queue.receive(3)).toEqual([]);
  });
});
