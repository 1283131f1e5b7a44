import type { EventName } from '../../../events/catalogue.ts';
import { addEvent, type OutboxEvent } from './outbox.ts';
import type { WriteTransaction } from '../db/transaction.ts';
import type { Id } from '../core/ids.ts';

/**
 * Each event's payload by its name, filled in by `events/payloads.ts` (a module augmentation), which assembles it from
 * the domains' schemas: the platform names no domain, and the compiler still checks every emit against its event's
 * payload. Without that file in the program every payload is `never`, so nothing emits unchecked.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an open registry, filled in by augmentation
export interface EventPayloads {}

export type PayloadOf<N extends EventName> = N extends keyof EventPayloads ? EventPayloads[N] : never;

/** Writes an event of the catalogue into the caller's transaction, its payload typed by the event's name. */
export function emit<const N extends EventName>(tx: WriteTransaction, businessId: Id, name: N, data: PayloadOf<N>): OutboxEvent<PayloadOf<N>> {
  return addEvent(tx, businessId, name, data);
}
