import * as v from 'valibot';
import { Email, Text, Timestamp } from '../platform/core/fields.ts';
import type { Id } from '../platform/core/ids.ts';
import { MAX_RECIPIENTS } from './invoice-mail-rules.ts';

/** A list of e-mail addresses of a send (to or cc), bounded as every send's are. */
export const Addresses = (what: string) => v.pipe(v.array(Email), v.maxLength(MAX_RECIPIENTS, `must have at most ${MAX_RECIPIENTS} addresses`), v.description(what));

export const InvoiceSendInput = v.strictObject({
  to: v.optional(Addresses("Whom the invoice goes to; default: the customer's e-mail. At most 50 addresses with cc.")),
  cc: v.optional(Addresses('Copied; an address already in `to` is sent once.')),
  subject: v.optional(v.pipe(Text(200), v.description('Default: "Invoice INV-00001 from <business name>".'))),
  message: v.optional(v.pipe(Text(5000), v.description('Your words, above the amount due and the link; default: a line about the invoice.'))),
});

export type InvoiceSendBody = v.InferOutput<typeof InvoiceSendInput>;

export const InvoiceMailQueued = v.object({
  message_id: v.pipe(v.string(), v.description('The e-mail\'s Message-ID (without angle brackets): the same on every attempt of this send.')),
  to: v.array(v.string()),
  cc: v.array(v.string()),
  queued_at: Timestamp,
});

export type InvoiceMailQueuedResource = v.InferOutput<typeof InvoiceMailQueued>;

/** The internal outbox record of one send: what the mail worker builds the message from. */
export interface InvoiceMailRecord {
  readonly message_id: string;
  readonly invoice_id: Id;
  readonly to: readonly string[];
  readonly cc: readonly string[];
  readonly subject: string | null;
  readonly message: string | null;
  readonly queued_at: string;
}
