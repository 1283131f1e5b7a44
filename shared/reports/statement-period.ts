import { RuleViolation } from '../platform/core/errors.ts';
import { today } from '../platform/core/dates.ts';
import type { StatementPeriod } from './customer-statement.ts';

/** A statement's period from what was asked: `to` defaults to today, `from` to the first day of `to`'s month (Xero's activity statement). */
export function statementPeriod(asked: { readonly from?: string | undefined; readonly to?: string | undefined }, field = 'from'): StatementPeriod {
  const to = asked.to ?? today();
  const period = { from: asked.from ?? `${to.slice(0, 8)}01`, to };
  if (period.from > period.to) throw RuleViolation.of(field, 'must not be after to');
  return period;
}
