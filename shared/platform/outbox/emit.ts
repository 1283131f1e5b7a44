import type { EventName } from '../../../events/catalogue.ts';
import { addEvent, type OutboxEvent } from './outbox.ts';
import type { WriteTransaction } from '../db/transaction.ts';
import type { Id } from '../core/ids.ts';
// Types only: the payload schemas stay out of the functions that emit events (tests validate with them).
import type { PayloadOf } from '../../../events/payloads.ts';

/** Writes an event of the catalogue into the caller's transaction, its payload typed by the event's name. */
export function emit<const N extends EventName>(tx: WriteTransaction, businessId: Id, name: N, data: PayloadOf<N>): OutboxEvent<PayloadOf<N>> {
  return addEvent(tx, businessId, name, data);
}
