import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { traced } from '../observability/telemetry.ts';
import { writesAllowed } from './write-gate.ts';

let documentClient: DynamoDBDocumentClient | undefined;

const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

/**
 * Takes the SDK's logger step off a client given no logger. That step builds a redacted copy of every call's input
 * and output for the client's logger, even for the no-op logger a client has when given none: a walk of every item
 * read or written (or stream record read), for nothing.
 */
export function withoutSdkLogging<C extends { readonly middlewareStack: { remove: (name: string) => boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** The one DynamoDB client of a function instance, built on first use from the validated configuration. */
export function db(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
    const client = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT
        ? { endpoint: DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    // Each DynamoDB call becomes a subsegment of the invocation's trace on AWS (nothing elsewhere).
    traced(client);
    withoutSdkLogging(client);
    // No write leaves before the request's gate (its quota verdict) allows it: see write-gate.ts.
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (WRITES.has(context.commandName ?? '')) await writesAllowed();
        return next(args);
      },
      { step: 'initialize', name: 'writeGate' },
    );
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return documentClient;
}

export function tableName(): string {
  return config().TABLE_NAME;
}
