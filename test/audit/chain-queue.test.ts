import type { SendMessageCommand } from '@aws-sdk/client-sqs';
import { SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalQueue } from '../../infra/local/queue.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the audit chainer's FIFO queue", () => {
  it('on AWS a message names its business as the group and carries its deduplication id', async () => {
    Object.assign(process.env, { TABLE_NAME: 'unit', AUDIT_QUEUE_URL: 'https://sqs.local/000000000000/audit.fifo' });
    const sent: unknown[] = [];
    vi.spyOn(SQSClient.prototype, 'send').mockImplementation(async (command: unknown) => {
      sent.push(command);
      return {};
    });
    const { handToChainer } = await import('../../shared/audit/chainer.ts');
    const keys = Array.from({ length: 130 }, (_, index) => ({ pk: 'BIZ#b#AUDIT#2026', sk: `E#2026-05-04T00:00:00.${String(index).padStart(3, '0')}Z#x` }));
    await handToChainer('0190a5b4-0000-7000-8000-000000000001' as never, keys);
    // 100 keys a message, the first hundred first.
    expect(sent.map((command) => (command as SendMessageCommand).input)).toEqual([
      expect.objectContaining({ QueueUrl: process.env.AUDIT_QUEUE_URL, MessageGroupId: '0190a5b4-0000-7000-8000-000000000001', MessageDeduplicationId: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      expect.objectContaining({ MessageGroupId: '0190a5b4-0000-7000-8000-000000000001' }),
    ]);
    const bodies = sent.map((command) => JSON.parse(String((command as SendMessageCommand).input.MessageBody)) as { keys: unknown[] });
    expect(bodies.map((body) => body.keys.length)).toEqual([100, 30]);
    expect(bodies[0]!.keys[0]).toEqual(keys[0]);
  });

  it('locally hands one group\'s messages out in order, never to two batches at once, and drops a repeated deduplication id', () => {
    const queue = new LocalQueue('audit', { visibilityTimeoutSeconds: 30, maxReceiveCount: 10, fifo: true });
    queue.send('a0', 0, 'A', 'd-a0');
    queue.send('b0', 0, 'B', 'd-b0');
    queue.send('a1', 0, 'A', 'd-a1');
    queue.send('a0 again', 0, 'A', 'd-a0');
    const first = queue.receive(10);
    expect(first.map((record) => record.body)).toEqual(['a0', 'b0', 'a1']);
    expect(first.map((record) => record.attributes.MessageGroupId)).toEqual(['A', 'B', 'A']);
    queue.send('a2', 0, 'A', 'd-a2');
    queue.send('b1', 0, 'B', 'd-b1');
    // A and B both have messages in flight: nothing more of either until those are done.
    expect(queue.receive(10)).toEqual([]);
    queue.delete(first[1]!.receiptHandle);
    expect(queue.receive(10).map((record) => record.body)).toEqual(['b1']);
    // A's first batch fails (it is not deleted) and comes back after its visibility timeout, before a2, in order.
    queue.changeVisibility(first[0]!.receiptHandle, 0);
    queue.changeVisibility(first[2]!.receiptHandle, 0);
    expect(queue.receive(10).map((record) => record.body)).toEqual(['a0', 'a1', 'a2']);
  });
});
