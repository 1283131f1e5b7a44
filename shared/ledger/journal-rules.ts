/**
 * A manual journal's lines, checked before any account is read: each a debit or a credit (not both, not zero,
 * with at most the currency's minor digits), and debits equal to credits. Pure; every problem names its field.
 */
import type { FieldProblem } from '../platform/core/errors.ts';
import { MAX_AMOUNT_TEXT, toMajor, toMinor, withinLimit } from '../platform/core/money.ts';

export const MIN_JOURNAL_LINES = 2;
export const MAX_JOURNAL_LINES = 100;

export interface JournalLineInput {
  readonly debit?: number | undefined;
  readonly credit?: number | undefined;
}

export interface CheckedJournalLine {
  /** Minor units; exactly one of the two is above zero. */
  readonly debit: number;
  readonly credit: number;
}

/** `taxOf` is what the journal's tax lines add to each side (`journal-tax.ts`): the journal balances with them. */
export function checkJournalLines(lines: readonly JournalLineInput[], currency: string, taxOf: (checked: readonly CheckedJournalLine[]) => { readonly debit: number; readonly credit: number } = () => ({ debit: 0, credit: 0 })): { readonly lines: CheckedJournalLine[]; readonly problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const checked = lines.map((line, index) => {
    const field = `lines[${index}]`;
    const given = (['debit', 'credit'] as const).filter((side) => line[side] !== undefined && line[side] !== 0);
    if (given.length !== 1) {
      problems.push({ field, message: given.length === 0 ? 'must have a debit or a credit above zero' : 'must have a debit or a credit, not both' });
      return { debit: 0, credit: 0 };
    }
    const side = given[0]!;
    const minor = toMinor(line[side]!, currency);
    if (minor === null) problems.push({ field: `${field}.${side}`, message: `must have at most the minor digits of ${currency}` });
    else if (minor < 0) problems.push({ field: `${field}.${side}`, message: 'must be above zero (a credit is a credit, not a negative debit)' });
    else if (!withinLimit(minor, currency)) problems.push({ field: `${field}.${side}`, message: `must be at most ${MAX_AMOUNT_TEXT}` });
    const amount = minor !== null && minor > 0 ? minor : 0;
    return side === 'debit' ? { debit: amount, credit: 0 } : { debit: 0, credit: amount };
  });
  if (problems.length === 0) {
    const tax = taxOf(checked);
    const debits = checked.reduce((sum, line) => sum + line.debit, tax.debit);
    const credits = checked.reduce((sum, line) => sum + line.credit, tax.credit);
    const withTax = (amount: number) => (amount === 0 ? '' : ` (tax ${toMajor(amount, currency)} included)`);
    if (debits !== credits) problems.push({ field: 'lines', message: `must balance: debits ${toMajor(debits, currency)}${withTax(tax.debit)}, credits ${toMajor(credits, currency)}${withTax(tax.credit)}` });
    else if (!withinLimit(debits, currency)) problems.push({ field: 'lines', message: `must add up to at most ${MAX_AMOUNT_TEXT}` });
  }
  return { lines: checked, problems };
}
