/**
 * The e-mail quota's store: one item per business (`mailQuotaKey`) with the current hour's recipients and the
 * business's own limit. A send reads it with what it reads anyway and spends it in its own transaction, on the
 * condition that the count still leaves room, so racing sends cannot pass the limit together (the loser re-reads).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';
import { db, tableName } from '../db/client.ts';
import { type Key, businessPk } from '../db/keys.ts';
import type { Item } from '../db/query.ts';
import type { WriteTransaction } from '../db/transaction.ts';
import { decideMailQuota, type MailQuotaDecision, type MailWindow } from './mail-quota.ts';
import { RateLimited } from '../core/errors.ts';
import type { Id } from '../core/ids.ts';

const windowOf = (item: Item | undefined): MailWindow | undefined =>
  item ? { hour: Number(item.hour ?? 0), recipients: Number(item.recipients ?? 0), limit: item.limit === undefined || item.limit === null ? null : Number(item.limit) } : undefined;

/**
 * The quota of a business's sends: its key, read with what the send reads; `decide` whether `recipients` fit this
 * hour; then `spend` an allowed decision in the send's transaction.
 */
export function mailQuota(businessId: Id) {
  const key: Key = mailQuotaKey(businessId);
  return {
    key,
    decide(read: (key: Key) => Item | undefined, recipients: number, nowMs = Date.now()): MailQuotaDecision {
      return decideMailQuota(windowOf(read(key)), recipients, nowMs, config().MAIL_RECIPIENTS_PER_HOUR);
    },
    spend(tx: WriteTransaction, decision: Extract<MailQuotaDecision, { allowed: true }>, recipients: number): void {
      if (decision.fresh) {
        tx.update('MAIL:quota', key, { expression: 'SET #hour = :hour, recipients = :asked', names: { '#hour': 'hour' }, values: { ':hour': decision.hour, ':asked': recipients } }, { expression: 'attribute_not_exists(#hour) OR #hour < :hour', names: { '#hour': 'hour' }, values: { ':hour': decision.hour } });
      } else {
        tx.update('MAIL:quota', key, { expression: 'ADD recipients :asked', values: { ':asked': recipients } }, { expression: '#hour = :hour AND recipients <= :room', names: { '#hour': 'hour' }, values: { ':hour': decision.hour, ':room': decision.room } });
      }
    },
  };
}

/** The refusal of a send the hour has no room for: 429 with the seconds until the next hour. */
export const mailQuotaRefusal = (refused: { readonly retryAfterSeconds: number; readonly used: number; readonly limit: number }) =>
  new RateLimited(refused.retryAfterSeconds, `This business has e-mailed ${refused.used} of its ${refused.limit} recipients this hour`);

/** Sets a business's own recipients an hour (null: back to the service's default). */
export async function setMailQuota(businessId: Id, recipientsPerHour: number | null): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: mailQuotaKey(businessId),
      UpdateExpression: recipientsPerHour === null ? 'REMOVE #limit' : 'SET #limit = :limit',
      ExpressionAttributeNames: { '#limit': 'limit' },
      ...(recipientsPerHour === null ? {} : { ExpressionAttributeValues: { ':limit': recipientsPerHour } }),
    }),
  );
}

/** A business's e-mail recipients of the current hour and its own limit, if set (`mail/quota.ts`). */
export function mailQuotaKey(businessId: Id): Key {
  return { pk: `${businessPk(businessId)}#MAILQUOTA`, sk: 'MAILQUOTA' };
}
