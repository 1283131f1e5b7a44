import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from './client.ts';
import type { Key } from './keys.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Condition {
  readonly expression: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
}

/** Raised when a condition of the transaction failed; `failedIndexes` tells which writes (in the order added). */
export class TransactionConflict extends Error {
  constructor(readonly failedLabels: readonly string[]) {
    super(`Transaction conditions failed: ${failedLabels.join(', ')}`);
  }
}

/**
 * Collects the writes of one business action and commits them as one TransactWriteItems: all or nothing.
 * Each write carries a label so that a failed condition can be traced back to the rule it protects.
 */
export class WriteTransaction {
  private readonly items: TransactItem[] = [];
  private readonly labels: string[] = [];

  put(label: string, item: Record<string, unknown>, condition?: Condition): this {
    return this.add(label, {
      Put: { TableName: tableName(), Item: item, ...conditionInput(condition) },
    });
  }

  /** Adds `by` to a numeric attribute, creating the item when it does not exist yet. */
  increment(label: string, key: Key, attribute: string, by: number): this {
    return this.add(label, {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #attribute :by',
        ExpressionAttributeNames: { '#attribute': attribute },
        ExpressionAttributeValues: { ':by': by },
      },
    });
  }

  delete(label: string, key: Key, condition?: Condition): this {
    return this.add(label, { Delete: { TableName: tableName(), Key: key, ...conditionInput(condition) } });
  }

  update(label: string, key: Key, update: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> }, condition?: Condition): this {
    const names = { ...update.names, ...condition?.names };
    const values = { ...update.values, ...condition?.values };
    return this.add(label, {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: update.expression,
        ...(condition ? { ConditionExpression: condition.expression } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      },
    });
  }

  get size(): number {
    return this.items.length;
  }

  async commit(): Promise<void> {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: this.items }));
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const failed = (error.CancellationReasons ?? [])
          .map((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? this.labels[index] : undefined))
          .filter((label): label is string => label !== undefined);
        if (failed.length > 0) throw new TransactionConflict(failed);
      }
      throw error;
    }
  }

  private add(label: string, item: TransactItem): this {
    this.items.push(item);
    this.labels.push(label);
    return this;
  }
}

function conditionInput(condition: Condition | undefined) {
  if (!condition) return {};
  return {
    ConditionExpression: condition.expression,
    ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
    ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
  };
}

/** The condition that a put creates a new item rather than replacing one. */
export const mustNotExist: Condition = { expression: 'attribute_not_exists(pk)' };
