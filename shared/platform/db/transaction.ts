import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from './client.ts';
import type { Key } from './keys.ts';
import { conflictDelayMs } from './conflict-retry.ts';
import { METRIC } from '../observability/metric-names.ts';
import { count } from '../observability/telemetry.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Condition {
  readonly expression: string;
  readonly names?: Record<string, string>;
  readonly values?: Record<string, unknown>;
}

/**
 * Raised when the transaction lost a race: a condition on a value it read failed, or another transaction held
 * one of its items. `failedLabels` names the writes concerned. The caller re-reads and tries again; when the
 * fresh read breaks a business rule, that becomes a 4xx.
 */
interface ConflictReason {
  readonly label: string;
  readonly code: 'ConditionalCheckFailed' | 'TransactionConflict';
}

export class TransactionConflict extends Error {
  constructor(readonly reasons: readonly ConflictReason[]) {
    super(`Transaction lost a race: ${reasons.map((reason) => `${reason.label} (${reason.code})`).join(', ')}`);
  }

  get failedLabels(): readonly string[] {
    return this.reasons.map((reason) => reason.label);
  }

  /** Another transaction was writing this item at the same moment: it is in flight, not yet committed. */
  heldBy(label: string): boolean {
    return this.reasons.some((reason) => reason.label === label && reason.code === 'TransactionConflict');
  }

  /** The item's condition failed: another write to it has committed. */
  failedOn(label: string): boolean {
    return this.reasons.some((reason) => reason.label === label && reason.code === 'ConditionalCheckFailed');
  }
}

/**
 * Collects the writes of one business action and commits them as one TransactWriteItems: all or nothing.
 * Each write carries a label so that a failed condition can be traced back to the rule it protects.
 */
export class WriteTransaction {
  private readonly items: TransactItem[] = [];
  private readonly labels: string[] = [];
  private readonly tallies = new Map<string, Tally>();

  put(label: string, item: Record<string, unknown>, condition?: Condition): this {
    return this.add(label, {
      Put: { TableName: tableName(), Item: item, ...conditionInput(condition) },
    });
  }

  /**
   * Adds `by` to a numeric attribute, creating the item when it does not exist yet. A transaction may touch an
   * item once, so every increment of the same item within it (of one attribute or several) is merged into one write.
   */
  increment(label: string, key: Key, attribute: string, by: number): this {
    return this.tally(label, key, { [attribute]: by });
  }

  /**
   * Adds each delta to its numeric attribute of one item, in the one write this transaction makes to that item;
   * `sets` are attributes written as given in that same write (the last given wins), for what describes the counts.
   */
  tally(label: string, key: Key, deltas: Readonly<Record<string, number>>, sets: Readonly<Record<string, unknown>> = {}): this {
    const itemKey = `${key.pk}\u0000${key.sk}`;
    const existing = this.tallies.get(itemKey) ?? { label, key, deltas: new Map<string, number>(), sets: new Map<string, unknown>() };
    this.tallies.set(itemKey, existing);
    for (const [attribute, by] of Object.entries(deltas)) existing.deltas.set(attribute, (existing.deltas.get(attribute) ?? 0) + by);
    for (const [attribute, value] of Object.entries(sets)) existing.sets.set(attribute, value);
    return this;
  }

  /** Fails the whole transaction unless `condition` holds for an item this transaction does not write. */
  check(label: string, key: Key, condition: Condition): this {
    return this.add(label, {
      ConditionCheck: {
        TableName: tableName(),
        Key: key,
        ConditionExpression: condition.expression,
        ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
        ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
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

  /**
   * Takes every write of another transaction into this one, in its order: its counts are merged with this one's, so
   * an item both count is still one write. Lets a caller build a part on its own, see its size, then take it whole.
   */
  append(other: WriteTransaction): this {
    other.items.forEach((item, index) => this.add(other.labels[index]!, item));
    for (const tally of other.tallies.values()) this.tally(tally.label, tally.key, Object.fromEntries(tally.deltas), Object.fromEntries(tally.sets));
    return this;
  }

  get size(): number {
    return this.items.length + [...this.tallies.values()].filter((tally) => tallyUpdate(tally)).length;
  }

  async commit(): Promise<void> {
    const items = [...this.items];
    const labels = [...this.labels];
    for (const tally of this.tallies.values()) {
      const update = tallyUpdate(tally);
      if (!update) continue;
      items.push({ Update: { TableName: tableName(), Key: tally.key, ...update } });
      labels.push(tally.label);
    }
    refuseTwoWritesOfOneItem(items, labels);
    try {
      // Consumed capacity comes back for whoever measures it (the benchmark reads it with SDK middleware).
      await db().send(new TransactWriteCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }));
    } catch (error) {
      if (error instanceof TransactionCanceledException) {
        const reasons: ConflictReason[] = [];
        (error.CancellationReasons ?? []).forEach((reason, index) => {
          if (reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict') reasons.push({ label: labels[index] ?? `#${index}`, code: reason.Code });
        });
        if (reasons.length > 0) throw new TransactionConflict(reasons);
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

/**
 * DynamoDB refuses a transaction that names one item twice, saying only that it did ("multiple operations on one
 * item"). Such a transaction is a bug in whoever built it: this names the two writes and the item, so the log of a
 * failed batch (a projector's, retried until it is fixed) says where to look.
 */
function refuseTwoWritesOfOneItem(items: readonly TransactItem[], labels: readonly string[]): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key;
    const id = `${String(key?.pk)} ${String(key?.sk)}`;
    const first = seen.get(id);
    if (first !== undefined) throw new Error(`One transaction writes ${id} twice: ${labels[first]} and ${labels[index]}`);
    seen.set(id, index);
  });
}

interface Tally {
  readonly label: string;
  readonly key: Key;
  readonly deltas: Map<string, number>;
  readonly sets: Map<string, unknown>;
}

/** One ADD per attribute whose delta is not zero, and one SET per attribute given; nothing to write when every delta cancels out and nothing is set. */
function tallyUpdate({ deltas, sets }: Tally) {
  const moving = [...deltas].filter(([, by]) => by !== 0);
  if (moving.length === 0 && sets.size === 0) return undefined;
  const written = [...sets];
  const clauses = [written.length ? `SET ${written.map((_, index) => `#s${index} = :s${index}`).join(', ')}` : '', moving.length ? `ADD ${moving.map((_, index) => `#a${index} :v${index}`).join(', ')}` : ''];
  return {
    UpdateExpression: clauses.filter(Boolean).join(' '),
    ExpressionAttributeNames: Object.fromEntries([...moving.map(([attribute], index) => [`#a${index}`, attribute]), ...written.map(([attribute], index) => [`#s${index}`, attribute])]),
    ExpressionAttributeValues: Object.fromEntries([...moving.map(([, by], index) => [`:v${index}`, by]), ...written.map(([, value], index) => [`:s${index}`, value])]),
  };
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

/** Enough attempts for dozens of writers contending for one item (a business's number series) within API Gateway's 30 s limit. */
export const MAX_ATTEMPTS = 120;

/**
 * Runs a read-decide-write action until its transaction commits. Each attempt starts from a fresh read, so a
 * lost race is decided again on current data; how long it waits first is `conflictDelayMs`'s rule.
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransactionConflict) || tries >= MAX_ATTEMPTS) throw error;
      count(METRIC.lostRaces);
      const delay = conflictDelayMs(tries, error.reasons.every((reason) => reason.code === 'ConditionalCheckFailed'));
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
