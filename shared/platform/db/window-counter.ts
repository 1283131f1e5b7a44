import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client.ts';
import type { Key } from './keys.ts';

/**
 * Adds `deltas` to counters kept per time window on one item, in one UpdateItem that returns the item as it now is:
 * the counters are added to while the stored window is this one, and started afresh (on the condition that no other
 * request started it first) when it is an older one. The item expires at `expiresAt` (epoch seconds). A business's
 * quota and a client address's public-page minute both count this way.
 */
export async function addToWindow(key: Key, window: number, deltas: Readonly<Record<string, number>>, expiresAt: number): Promise<Record<string, unknown>> {
  const names = Object.keys(deltas);
  const attributeNames = { '#window': 'window', ...Object.fromEntries(names.map((name, index) => [`#c${index}`, name])) };
  const values = { ':window': window, ...Object.fromEntries(names.map((name, index) => [`:c${index}`, deltas[name]!])) };
  const steps = [
    { update: `ADD ${names.map((_, index) => `#c${index} :c${index}`).join(', ')}`, condition: '#window = :window', values },
    { update: `SET #window = :window, ${names.map((_, index) => `#c${index} = :c${index}`).join(', ')}, expires_at = :expires`, condition: 'attribute_not_exists(#window) OR #window < :window', values: { ...values, ':expires': expiresAt } },
  ];
  // Adding fails when the stored window is an older one; starting fails when another request started this one
  // first, and then adding succeeds.
  for (let attempt = 0; attempt < 4; attempt++) {
    const step = steps[attempt % 2]!;
    try {
      const result = await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: step.update, ConditionExpression: step.condition, ExpressionAttributeNames: attributeNames, ExpressionAttributeValues: step.values, ReturnValues: 'ALL_NEW' }));
      return result.Attributes ?? {};
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error('Could not count against a window');
}
