/**
 * A refusal in the words of the person filling a form: the API names a rule as an integrator reads it ("must be a
 * UUID", "must have at most the minor digits of USD"); a business owner needs to know what to do ("Choose a
 * customer", "Use at most 2 decimal places"). Messages it does not know are kept as they are.
 */
import type { FieldProblem } from './errors.ts';
import { minorDigits } from './money.ts';

/** What a field that takes an id is a choice of, by the last part of its name. */
const CHOICE_OF: Readonly<Record<string, string>> = {
  customer_id: 'a customer',
  vendor_id: 'a vendor',
  party_id: 'a customer or vendor',
  account_id: 'an account',
  payment_account_id: 'the account the money went through',
  item_id: 'an item',
  document_id: 'a document',
};

const lastPart = (field: string) => field.split('.').at(-1)!.replace(/\[\d+\]$/, '');

export function plainWords(problem: FieldProblem): string {
  const { message } = problem;
  if (message === 'must be a UUID') return `Choose ${CHOICE_OF[lastPart(problem.field)] ?? 'one from the list'}`;
  const digits = /^must have at most the minor digits of ([A-Z]{3})$/.exec(message);
  if (digits) {
    const places = minorDigits(digits[1]!);
    return places === 0 ? `Use whole amounts in ${digits[1]}` : `Use at most ${places} decimal place${places === 1 ? '' : 's'} for ${digits[1]}`;
  }
  if (message === 'must be a calendar date written YYYY-MM-DD') return 'Enter a real date, as YYYY-MM-DD';
  if (message === 'must be a number') return 'Enter a number';
  if (message === 'is required' || message === 'must not be empty') return 'Fill this in';
  if (message === 'must be an email address') return 'Enter an e-mail address, such as name@example.com';
  return message;
}
