import * as v from 'valibot';
import { CalendarDate, ResourceId, Text, Timestamp } from '../platform/core/fields.ts';
import { Addresses } from '../sales/index.ts';
import { Ages } from '../ledger/index.ts';

export const StatementQuery = v.pipe(
  v.strictObject({
    from: v.optional(v.pipe(CalendarDate, v.description('The first day of the period (default: the first day of the month holding to).'))),
    to: v.optional(v.pipe(CalendarDate, v.description('The last day of the period (default: today).'))),
    format: v.optional(v.pipe(v.picklist(['json', 'pdf'], 'must be json or pdf'), v.description('pdf answers the statement as a PDF (application/pdf) instead of JSON.'))),
  }),
  v.forward(
    v.check((query) => !query.from || !query.to || query.from <= query.to, 'must not be after to'),
    ['from'],
  ),
);

const StatementLine = v.object({
  date: v.string(),
  type: v.pipe(v.string(), v.description('What posted: invoice, credit_note, receipt, prepayment, refund or credit_allocation (a void posts on the other side of its original). Debit notes are left out, as the aged receivables leave them out.')),
  no: v.nullable(v.string()),
  reference: v.nullable(v.string()),
  debit: v.number(),
  credit: v.number(),
  balance: v.pipe(v.number(), v.description('What the customer owes after this line (negative: credit the customer holds).')),
});

export const CustomerStatement = v.object({
  customer_id: ResourceId,
  name: v.string(),
  from: v.string(),
  to: v.string(),
  currencies: v.array(
    v.object({
      currency: v.string(),
      opening_balance: v.pipe(v.number(), v.description('Owed at the end of the day before from.')),
      lines: v.array(StatementLine),
      closing_balance: v.pipe(v.number(), v.description('Owed at the end of to: opening_balance plus the debits less the credits.')),
      aged: v.pipe(v.object(Ages), v.description('closing_balance by how far past due on to; unapplied credit is negative and current, as on the aged receivables.')),
    }),
  ),
});

export const StatementSendInput = v.strictObject({
  period: v.optional(
    v.pipe(
      v.strictObject({ from: v.optional(CalendarDate), to: v.optional(CalendarDate) }),
      v.forward(
        v.check((period) => !period.from || !period.to || period.from <= period.to, 'must not be after to'),
        ['from'],
      ),
      v.description('The statement\'s period, as GET takes it (default: the month holding to, to today).'),
    ),
  ),
  to: v.optional(Addresses("Whom the statement goes to; default: the customer's e-mail. At most 50 addresses with cc.")),
  cc: v.optional(Addresses('Copied; an address already in `to` is sent once.')),
  subject: v.optional(v.pipe(Text(200), v.description('Default: "Statement from <business name>, <from> to <to>".'))),
  message: v.optional(v.pipe(Text(5000), v.description('Your words, above the amount owed; default: a line about the statement.'))),
});

export type StatementSendBody = v.InferOutput<typeof StatementSendInput>;

/** What a send answers once queued, and what `statement.sent` carries once it has gone. */
export const StatementMail = v.object({
  message_id: v.pipe(v.string(), v.description("The e-mail's Message-ID (without angle brackets): the same on every attempt of this send.")),
  customer_id: ResourceId,
  from: v.string(),
  to: v.string(),
  recipients: v.object({ to: v.array(v.string()), cc: v.array(v.string()) }),
  queued_at: Timestamp,
});

export type StatementMailResource = v.InferOutput<typeof StatementMail>;

/** The internal outbox record of one send: what the mail worker builds the message from. */
export type StatementMailRecord = StatementMailResource & { readonly subject: string | null; readonly message: string | null };
