import * as v from 'valibot';
import { CalendarDate, ResourceId } from '../platform/core/fields.ts';
import { Ages } from '../ledger/schemas.ts';

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
  type: v.pipe(v.string(), v.description('What posted: invoice, credit_note, debit_note, receipt or credit_allocation (a void posts on the other side of its original).')),
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
