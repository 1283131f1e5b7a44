import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { describe, expect, it } from 'vitest';
import { StreamReader } from '../../infra/local/stream.ts';
import { OUTBOX_STREAM_FILTERS } from '../../events/rules.ts';
import { call, runtime } from './support.ts';

describe('the local stream reader', () => {
  it('reads the shard list once while no shard closes, not on every poll, and still hands over what is written meanwhile', async () => {
    const handed: string[] = [];
    const reader = new StreamReader(runtime.engineEndpoint, runtime.tableName, [
      {
        filters: OUTBOX_STREAM_FILTERS,
        consumer: async (event) => {
          for (const record of event.Records) handed.push(record.dynamodb?.SequenceNumber ?? '');
        },
      },
    ]);
    // Its client is its own; the count is taken on it, so the runtime's own reader does not add to it.
    const { client } = reader as unknown as { client: DynamoDBStreamsClient };
    const sent: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'streamReaderCommands' },
    );
    await reader.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = handed.length;
      expect((await call('POST', '/api/v1/customers', { body: { name: 'Streamed while reading' } })).status).toBe(201);
      const deadline = Date.now() + 5_000;
      while (handed.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handed.length).toBeGreaterThan(before);
    } finally {
      await reader.stop();
    }
    const count = (name: string) => sent.filter((command) => command === name).length;
    // Polls about four times a second for two seconds and more (fewer on a busy machine, a poll is skipped while one
    // runs): each reads records, and only the first lists the shards.
    expect(count('GetRecordsCommand')).toBeGreaterThanOrEqual(3);
    expect(count('DescribeStreamCommand')).toBe(1);
  });
});
