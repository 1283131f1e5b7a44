import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one table definition. CDK builds the deployed table from it and the local runtime creates the embedded
 * engine's table from it, so the two can never drift.
 *
 * - `lsi1`: the list order of a collection (parties by name then id, documents by business date then number).
 *   A local index because lists must be strongly consistent: a record just created is on the next page read.
 * - `lsi2`: a second order within a collection (documents of one party), for the same reason.
 * - Local indexes cap one collection (one business, one record kind) at 10 GB; a collection is split per kind
 *   so that this is far beyond any single business's books.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  localIndexes: [
    { name: 'lsi1', sortKey: 'lsi1sk' },
    { name: 'lsi2', sortKey: 'lsi2sk' },
  ],
  ttlAttribute: 'expires_at',
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const stringAttribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      stringAttribute(TABLE.partitionKey),
      stringAttribute(TABLE.sortKey),
      ...TABLE.localIndexes.map((index) => stringAttribute(index.sortKey)),
    ],
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    LocalSecondaryIndexes: TABLE.localIndexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.streamView },
  };
}
