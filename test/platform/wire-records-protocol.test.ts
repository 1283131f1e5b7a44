import { Readable } from 'node:stream';
import { DescribeStreamCommand, DynamoDBStreamsClient, ExpiredIteratorException, GetRecordsCommand } from '@aws-sdk/client-dynamodb-streams';
import { describe, expect, it } from 'vitest';
import { WireRecordsProtocol } from '../../infra/local/wire-records-protocol.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const WIRE_RECORD = {
  eventID: 'e1',
  eventName: 'MODIFY',
  eventVersion: '1.1',
  eventSource: 'aws:dynamodb',
  awsRegion: 'ddblocal',
  dynamodb: {
    ApproximateCreationDateTime: 1_764_000_000.5,
    Keys: { pk: { S: 'BIZ#b#DOC' }, sk: { S: 'DOC#d' } },
    NewImage: { pk: { S: 'BIZ#b#DOC' }, sk: { S: 'DOC#d' }, version: { N: '3' }, pdf: { B: 'AAEC' }, lines: { L: [{ M: { amount: { N: '1.10' } } }] } },
    SequenceNumber: '000000000000000000042',
    SizeBytes: 120,
    StreamViewType: 'NEW_AND_OLD_IMAGES',
  },
};

/** A streams client whose every call is answered with `status` and `body`, as the engine would over HTTP. */
function clientAnswering(status: number, body: unknown, errorType?: string) {
  return new DynamoDBStreamsClient({
    region: 'local',
    endpoint: 'http://127.0.0.1:1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    protocol: WireRecordsProtocol,
    requestHandler: {
      handle: async () => ({
        response: { statusCode: status, headers: { 'content-type': 'application/x-amz-json-1.0', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) }, body: Readable.from([Buffer.from(JSON.stringify(body))]) },
      }),
    },
  });
}

describe('the local stream reader’s protocol', () => {
  it('hands a GetRecords answer over as the wire has it: images in attribute-value JSON, the creation time in epoch seconds', async () => {
    const page = (await clientAnswering(200, { Records: [WIRE_RECORD], NextShardIterator: 'next' }).send(new GetRecordsCommand({ ShardIterator: 'it' }))) as unknown as Record<string, unknown>;
    expect(page.Records).toEqual([WIRE_RECORD]);
    expect(page.NextShardIterator).toBe('next');
    expect(page.$metadata).toMatchObject({ httpStatusCode: 200 });
  });

  it('still raises the SDK’s own error for a refused GetRecords', async () => {
    const refused = clientAnswering(400, { __type: 'com.amazonaws.dynamodb.v20120810#ExpiredIteratorException', message: 'Iterator expired' }, 'ExpiredIteratorException');
    await expect(refused.send(new GetRecordsCommand({ ShardIterator: 'old' }))).rejects.toBeInstanceOf(ExpiredIteratorException);
  });

  it('leaves every other call to the SDK’s deserializer', async () => {
    const described = await clientAnswering(200, { StreamDescription: { Shards: [{ ShardId: 's1' }], CreationRequestDateTime: 1_764_000_000 } }).send(new DescribeStreamCommand({ StreamArn: 'arn' }));
    expect(described.StreamDescription?.Shards).toEqual([{ ShardId: 's1' }]);
    expect(described.StreamDescription?.CreationRequestDateTime).toBeInstanceOf(Date);
  });
});
